import { useEffect, useId, useRef } from 'react';
import type { FleetCar } from '@app/shared';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';

const ridesPhrase = (n: number) => (n === 1 ? '1 upcoming ride' : `${n} upcoming rides`);

/**
 * What taking a car off the road (or putting it back) does, asked before it is done: a modal
 * dialog (the browser's own, so focus stays inside and Escape closes it). Its booked rides are
 * kept, never cancelled: the dialog says how many there are and what their customers can
 * still do.
 */
export function AvailabilityDialog({
  car,
  busy,
  onConfirm,
  onClose,
}: {
  car: FleetCar;
  busy: boolean;
  /** Makes the change; the dialog closes once it is done (or refused: the list says why). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    // Once (an open dialog is left open); closing it (Escape, a button) returns focus to the
    // switch that opened it, then tells the list.
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const goingOff = car.available;
  const rides = car.ridesAhead;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-card bg-surface p-6 text-ink shadow-card backdrop:bg-ink/50"
    >
      <h2 id={titleId} className="text-lg font-semibold text-brand">
        {goingOff ? `Take ${car.name} off the road?` : `Put ${car.name} back on the road?`}
      </h2>
      <div id={bodyId} className="mt-3 space-y-2 text-sm">
        {goingOff ? (
          <>
            <p>Customers will no longer be able to book it, or move a ride to it.</p>
            <p>
              {rides === 0
                ? 'It has no upcoming rides.'
                : `It has ${ridesPhrase(rides)}: ${rides === 1 ? 'it is' : 'they are'} kept as booked, not cancelled. Its customers can still cancel online; move or cancel ${rides === 1 ? 'it' : 'them'} in Rides if the car cannot do ${rides === 1 ? 'it' : 'them'}.`}
            </p>
          </>
        ) : (
          <p>
            Customers can book it again from now on.
            {rides > 0 ? ` Its ${ridesPhrase(rides)} stay as booked.` : ''}
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          disabled={busy}
          onClick={() => void onConfirm().then(() => dialog.current?.close())}
          className={buttonPrimary}
        >
          {goingOff ? 'Take it off the road' : 'Put it back on the road'}
        </button>
        <button type="button" onClick={() => dialog.current?.close()} className={buttonSecondary}>
          {goingOff ? 'Keep it available' : 'Keep it off the road'}
        </button>
      </div>
    </dialog>
  );
}
