import { useId, useState } from 'react';
import { MapPin, MessageSquare, Phone, Undo2 } from 'lucide-react';
import {
  TRIP_STATUS_LABELS,
  formatMinutes,
  formatNewYorkClock,
  nextTripStatus,
  type DriveRide,
  type TripStatus,
} from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { isOffline } from '../../../lib/offline-copy.ts';
import { notify } from '../../../lib/notify.ts';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { tapTrip, undoTrip } from '../api/drive.ts';
import { devicePosition } from '../hooks/device-position.ts';
import { MAPS_APPS } from '../utils/directions.ts';
import { TollsAndParking } from './tolls-and-parking.tsx';

/** A ride that is no longer to drive, as its card says it. */
const CLOSED: Record<string, string> = {
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

const NO_SIGNAL = 'No signal: your tap was not sent. Tap again when you have one.';

const linkClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-brand underline-offset-2 hover:bg-brand-tint hover:underline';

/**
 * One ride of the day sheet: when, which car, whom to call, where to go, what happened so far,
 * and one big button for the next step (with Undo for a minute after a tap); once done, the
 * tolls and parking for its bill. `readOnly` (the offline copy) shows it all without the buttons.
 */
export function DriveRideCard({
  ride,
  now,
  readOnly,
  onChanged,
}: {
  ride: DriveRide;
  now: Date;
  readOnly: boolean;
  onChanged: (ride: DriveRide) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  // A tap that did not get an answer keeps its key: sent again, the server records it once.
  const [pendingTap, setPendingTap] = useState<{ status: TripStatus; key: string }>();
  const next = ride.status === 'paid' ? nextTripStatus(ride.tripStatus) : null;
  const last = ride.events.at(-1);
  const undoable =
    !readOnly && last !== undefined && ride.undoUntil !== null && new Date(ride.undoUntil) > now;

  async function tap(status: TripStatus) {
    if (busy) return;
    setBusy(true);
    const key = pendingTap?.status === status ? pendingTap.key : globalThis.crypto.randomUUID();
    setPendingTap({ status, key });
    try {
      // Where the car is tells the customer when it set off; never worth a wait.
      const position = status === 'on_my_way' ? await devicePosition() : undefined;
      const answer = await tapTrip(ride.id, { status, tapKey: key, position });
      setPendingTap(undefined);
      onChanged(answer.ride);
      notify('success', `${TRIP_STATUS_LABELS[status]}: saved.`);
    } catch (error) {
      notify('error', isOffline(error) ? NO_SIGNAL : failureMessage(error, 'load'));
    } finally {
      setBusy(false);
    }
  }

  async function undo(status: TripStatus) {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await undoTrip(ride.id, status);
      onChanged(answer.ride);
      notify('success', `${TRIP_STATUS_LABELS[status]}: undone.`);
    } catch (error) {
      notify('error', isOffline(error) ? NO_SIGNAL : failureMessage(error, 'load'));
    } finally {
      setBusy(false);
    }
  }

  const closed = CLOSED[ride.status];
  return (
    <article aria-labelledby={`${id}-title`} className={`${card} p-4 sm:p-6`}>
      <h3 id={`${id}-title`} className="text-lg font-bold text-brand">
        {ride.slotTime} · {ride.car.name}
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        {ride.serviceType} · {formatMinutes(ride.lengthMinutes)} · until{' '}
        {formatNewYorkClock(new Date(ride.endsAt))}
        {ride.car.plate ? ` · Plate ${ride.car.plate}` : ''} · Ref. {ride.reference}
      </p>
      {closed ? (
        <p className="mt-2 inline-block rounded-full bg-brand-tint px-3 py-1 text-sm font-semibold text-brand">
          {closed}
        </p>
      ) : null}

      <dl className="mt-4 grid gap-3 text-sm">
        <div>
          <dt className="font-semibold text-ink">Customer</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-1">
            <span className="mr-2 text-base text-ink">{ride.customerFirstName}</span>
            {ride.phone ? (
              <>
                <a href={`tel:${ride.phone}`} className={linkClass}>
                  <Phone aria-hidden="true" className="size-4" />
                  Call {ride.customerFirstName}
                </a>
                <a href={`sms:${ride.phone}`} className={linkClass}>
                  <MessageSquare aria-hidden="true" className="size-4" />
                  Text {ride.customerFirstName}
                </a>
              </>
            ) : null}
          </dd>
        </div>
        <Place label="Pickup" address={ride.leg.pickupAddress} />
        {ride.leg.pickupNotes ? (
          <div>
            <dt className="font-semibold text-ink">Notes</dt>
            <dd className="mt-1 whitespace-pre-line text-ink">{ride.leg.pickupNotes}</dd>
          </div>
        ) : null}
        <Place label="Drop-off" address={ride.leg.dropoffAddress} />
        {ride.returnLeg ? (
          <div>
            <dt className="font-semibold text-ink">Return ride</dt>
            <dd className="mt-1 text-ink">{ride.returnLeg.slotTime}, on its own card</dd>
          </div>
        ) : null}
      </dl>

      {ride.events.length > 0 ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-ink">So far</h4>
          <ol className="mt-1 space-y-0.5 text-sm text-ink">
            {ride.events.map((event) => (
              <li key={event.status}>
                {TRIP_STATUS_LABELS[event.status]} at {formatNewYorkClock(new Date(event.at))}
              </li>
            ))}
          </ol>
        </div>
      ) : null}

      {!readOnly && (next || undoable) ? (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          {next ? (
            <button
              type="button"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void tap(next)}
              className={`${buttonPrimary} min-h-14 w-full text-lg sm:w-auto sm:px-10`}
            >
              {TRIP_STATUS_LABELS[next]}
            </button>
          ) : null}
          {undoable && last ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => void undo(last.status)}
              className={`${buttonSecondary} min-h-14 w-full sm:w-auto`}
            >
              <Undo2 aria-hidden="true" className="size-4" />
              Undo “{TRIP_STATUS_LABELS[last.status]}”
            </button>
          ) : null}
        </div>
      ) : null}

      {/* Once done: the tolls and parking paid on the road, for the bill the owner reviews. */}
      {ride.status === 'completed' && ride.bill ? (
        <TollsAndParking ride={ride} bill={ride.bill} readOnly={readOnly} onChanged={onChanged} />
      ) : null}
    </article>
  );
}

function Place({ label, address }: { label: string; address: string }) {
  return (
    <div>
      <dt className="font-semibold text-ink">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-x-2 text-ink">
        <span className="text-base">{address || 'Not given'}</span>
        {address
          ? MAPS_APPS.map((app) => (
              <a
                key={app.name}
                href={app.url(address)}
                target="_blank"
                rel="noreferrer"
                className={linkClass}
                aria-label={`Directions to the ${label.toLowerCase()} in ${app.name} (opens in a new tab)`}
              >
                <MapPin aria-hidden="true" className="size-4" />
                {app.name}
              </a>
            ))
          : null}
      </dd>
    </div>
  );
}
