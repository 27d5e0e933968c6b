import { useEffect, useRef, useState } from 'react';
import type { CarInput, FleetCar } from '@app/shared';
import { failureMessage } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';
import { buttonPrimary } from '../../components/ui/styles.ts';
import { useCatalogue } from '../../state/catalogue.tsx';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { addCar, retireCar, updateCar, uploadPhoto } from '../../features/admin-fleet/api/fleet.ts';
import { CarForm } from '../../features/admin-fleet/components/car-form.tsx';
import { FleetList } from '../../features/admin-fleet/components/fleet-list.tsx';
import { useFleet } from '../../features/admin-fleet/hooks/use-fleet.ts';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; car: FleetCar };

/**
 * /admin/fleet: every car as the site shows it; adding one, changing one (its photo too) and
 * retiring one. The site's own list is reloaded after each change, so the console's other
 * screens and the public pages in this tab show it at once.
 */
export default function FleetScreen() {
  const fleet = useFleet();
  const { reloadServices } = useCatalogue();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [busy, setBusy] = useState(false);
  const firstView = useRef(true);

  // A new view (the form, or the list again) starts at its heading, for keyboard and reader.
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [mode]);

  const afterChange = async (message: string) => {
    notify('success', message);
    await Promise.all([fleet.reload(), reloadServices()]);
  };

  async function save(input: CarInput, photo: File | undefined) {
    setBusy(true);
    try {
      const saved =
        mode.kind === 'edit' ? await updateCar(mode.car._id, input) : await addCar(input);
      let message = saved.message;
      if (photo) {
        try {
          message = `${message} ${(await uploadPhoto(saved.car._id, photo)).message}`;
        } catch (error) {
          // The car is saved: say so, and why the photo is not, on its form.
          await afterChange(saved.message);
          notify('error', failureMessage(error, 'profileUpdate'));
          setMode({ kind: 'edit', car: saved.car });
          return;
        }
      }
      await afterChange(message);
      setMode({ kind: 'list' });
    } catch (error) {
      notify('error', failureMessage(error, 'profileUpdate'));
    } finally {
      setBusy(false);
    }
  }

  async function retire(car: FleetCar) {
    setBusy(true);
    try {
      await afterChange((await retireCar(car._id)).message);
    } catch (error) {
      notify('error', failureMessage(error, 'profileUpdate'));
    } finally {
      setBusy(false);
    }
  }

  if (mode.kind !== 'list') {
    const car = mode.kind === 'edit' ? mode.car : undefined;
    return (
      <>
        <ConsoleHeading title={car ? `Change ${car.name}` : 'Add a car'}>
          Every field shows on the car&apos;s page as soon as it is saved.
        </ConsoleHeading>
        <CarForm
          key={car?._id ?? 'new'}
          car={car}
          busy={busy}
          onSave={(input, photo) => void save(input, photo)}
          onCancel={() => setMode({ kind: 'list' })}
        />
      </>
    );
  }

  const onSite = fleet.cars.filter((car) => !car.retiredAt).length;
  return (
    <>
      <ConsoleHeading title="Fleet">
        The cars the business offers, as customers see them: {onSite} on the site.
      </ConsoleHeading>
      <button
        type="button"
        onClick={() => setMode({ kind: 'add' })}
        className={`mt-6 ${buttonPrimary}`}
      >
        Add a car
      </button>
      {fleet.failure ? (
        <p role="alert" className="mt-6 text-danger">
          {fleet.failure}
        </p>
      ) : fleet.loading ? (
        <p role="status" className="mt-6 text-ink-muted">
          Loading the fleet...
        </p>
      ) : (
        <FleetList
          cars={fleet.cars}
          busy={busy}
          onEdit={(car) => setMode({ kind: 'edit', car })}
          onRetire={(car) => void retire(car)}
        />
      )}
    </>
  );
}
