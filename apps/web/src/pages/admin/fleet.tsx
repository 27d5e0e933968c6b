import { useLoad } from '../../lib/use-load.ts';
import { buttonPrimary } from '../../components/ui/styles.ts';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { listFleet } from '../../features/admin-fleet/api/fleet.ts';
import { CarForm } from '../../features/admin-fleet/components/car-form.tsx';
import { FleetList } from '../../features/admin-fleet/components/fleet-list.tsx';
import { useFleetChanges } from '../../features/admin-fleet/hooks/use-fleet-changes.ts';

/**
 * /admin/fleet: every car as the site shows it; adding one, changing one (its photo too),
 * taking one off the road and back, and retiring one (useFleetChanges); what was saved is said
 * in a status message above the list.
 */
export default function FleetScreen() {
  const fleet = useLoad(listFleet);
  const { mode, setMode, busy, status, save, retire, setAvailable } = useFleetChanges(fleet.reload);

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

  const cars = fleet.data?.cars ?? [];
  const onSite = cars.filter((car) => !car.retiredAt).length;
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
      <p role="status" className="mt-4 font-medium text-success empty:hidden">
        {status}
      </p>
      {fleet.failure ? (
        <p role="alert" className="mt-6 text-danger">
          {fleet.failure}
        </p>
      ) : !fleet.data ? (
        <p role="status" className="mt-6 text-ink-muted">
          Loading the fleet...
        </p>
      ) : (
        <FleetList
          cars={cars}
          busy={busy}
          onEdit={(car) => setMode({ kind: 'edit', car })}
          onRetire={(car) => void retire(car)}
          onSetAvailable={setAvailable}
        />
      )}
    </>
  );
}
