import { useEffect, useRef, useState } from 'react';
import type { CarInput, FleetCar } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useCatalogue } from '../../../state/catalogue.tsx';
import { addCar, retireCar, setCarAvailability, updateCar, uploadPhoto } from '../api/fleet.ts';

/** What the Fleet screen shows: the list, or the form for a new car or for one of them. */
export type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; car: FleetCar };

/**
 * The Fleet screen's changes: which view it shows, and saving (with the photo), taking off or
 * putting back on the road, or retiring a car. After each change the fleet (`reloadFleet`) and
 * the site's own list are loaded again, so the console's other screens and the public pages in
 * this tab show it at once; what was done is said in `status`, the list's status message.
 */
export function useFleetChanges(reloadFleet: () => Promise<void>) {
  const { reloadServices } = useCatalogue();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
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
    setStatus(message);
    await Promise.all([reloadFleet(), reloadServices()]);
  };

  async function save(input: CarInput, photo: File | undefined) {
    setBusy(true);
    setStatus('');
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

  /** Runs one change of a car from the list; answers whether it was made. */
  async function change(run: () => Promise<{ message: string }>): Promise<boolean> {
    setBusy(true);
    setStatus('');
    try {
      await afterChange((await run()).message);
      return true;
    } catch (error) {
      notify('error', failureMessage(error, 'profileUpdate'));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const retire = (car: FleetCar) => change(() => retireCar(car._id));
  const setAvailable = (car: FleetCar, available: boolean) =>
    change(() => setCarAvailability(car._id, available));

  return { mode, setMode, busy, status, save, retire, setAvailable };
}
