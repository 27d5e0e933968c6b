import { useState } from 'react';
import { Link } from 'wouter';
import {
  formatNewYorkTime,
  type Ride,
  type RideRefundChoice,
  type RideResponse,
} from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { cancelRide, completeRide, markNoShow } from '../api/rides.ts';
import { useRide } from '../hooks/use-ride.ts';
import { formatDayHeading } from '../utils/ride-view.ts';
import { CancelRideForm } from './cancel-ride-form.tsx';
import { RideFacts, StatusBadge } from './ride-facts.tsx';

/** One ride with what an owner may do to it, and a link to its audit trail. */
export function RideDetail({
  id,
  backHref,
  onChanged,
}: {
  id: string;
  backHref: string;
  onChanged: () => void;
}) {
  const { state, replace, reload } = useRide(id);
  const [busy, setBusy] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const act = (call: () => Promise<RideResponse>) => {
    setBusy(true);
    setFailure(undefined);
    call()
      .then(({ ride, message }) => {
        replace(ride);
        setCancelling(false);
        if (message) notify('success', message);
        onChanged();
      })
      .catch((error: unknown) => {
        setFailure(failureMessage(error, 'load'));
        reload();
      })
      .finally(() => setBusy(false));
  };

  if (state.status === 'loading')
    return (
      <p role="status" className="mt-6 text-ink-muted">
        Loading the ride...
      </p>
    );
  if (state.status === 'failed')
    return (
      <div className="mt-6">
        <p role="alert" className="text-danger">
          {state.message}
        </p>
        <Link href={backHref} className={`mt-4 ${buttonSecondary}`}>
          Back to the rides
        </Link>
      </div>
    );

  const ride: Ride = state.ride;
  const canCancel = ride.status === 'paid' || ride.status === 'pending_payment';
  const from = ride.status === 'paid' ? 'paid' : 'pending_payment';
  return (
    <section aria-labelledby="ride-heading" className={`${card} mt-6 p-4 sm:p-6`}>
      <Link href={backHref} className="text-sm font-semibold text-brand underline">
        Back to the rides
      </Link>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="ride-heading" className="text-xl font-bold text-brand">
          {ride.customerName}: {ride.carName}
        </h2>
        <StatusBadge status={ride.status} />
      </div>
      <p className="mt-1 text-ink">
        {formatDayHeading(ride.slotDate)}, {ride.slotTime} (New York)
      </p>
      {ride.cancelledAt ? (
        <p className="mt-1 text-sm text-ink-muted">
          Cancelled by the {ride.cancelledBy ?? 'owner'} on{' '}
          {formatNewYorkTime(new Date(ride.cancelledAt))}
        </p>
      ) : null}
      <div className="mt-4">
        <RideFacts ride={ride} />
      </div>
      {failure ? (
        <p role="alert" className="mt-4 text-danger">
          {failure}
        </p>
      ) : null}
      {ride.status === 'paid' && !cancelling ? (
        <div className="mt-6 flex flex-wrap gap-3">
          <button
            type="button"
            disabled={busy}
            className={buttonPrimary}
            onClick={() => act(() => completeRide(ride.id))}
          >
            Mark completed
          </button>
          <button
            type="button"
            disabled={busy}
            className={buttonSecondary}
            onClick={() => act(() => markNoShow(ride.id))}
          >
            Mark no-show
          </button>
        </div>
      ) : null}
      {canCancel && !cancelling ? (
        <button
          type="button"
          className={`mt-3 ${buttonSecondary}`}
          onClick={() => setCancelling(true)}
        >
          Cancel the ride...
        </button>
      ) : null}
      {canCancel && cancelling ? (
        <CancelRideForm
          ride={ride}
          busy={busy}
          onClose={() => setCancelling(false)}
          onCancel={(reason: string, refund: RideRefundChoice) =>
            act(() => cancelRide(ride.id, { reason, refund, from }))
          }
        />
      ) : null}
      <p className="mt-6 text-sm">
        <Link
          href={`/audit?appointmentId=${ride.id}`}
          className="font-semibold text-brand underline"
        >
          This ride’s audit trail
        </Link>
      </p>
    </section>
  );
}
