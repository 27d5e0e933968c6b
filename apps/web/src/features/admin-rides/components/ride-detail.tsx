import { useState } from 'react';
import { Link } from 'wouter';
import {
  FINISH_UNDO_MINUTES,
  formatNewYorkTime,
  type MoveRideRequest,
  type Ride,
  type RideRefundChoice,
  type RideResponse,
} from '@app/shared';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import {
  assignChauffeur,
  cancelRide,
  completeRide,
  correctRide,
  getRide,
  markNoShow,
  moveRide,
  reopenRide,
  retryRideMessage,
} from '../api/rides.ts';
import { formatDayHeading, screenPath } from '../utils/ride-view.ts';
import { BillPanel } from './bill-panel.tsx';
import { AssignChauffeurForm } from './assign-chauffeur-form.tsx';
import { CancelRideForm } from './cancel-ride-form.tsx';
import { CorrectRideForm } from './correct-ride-form.tsx';
import { FailedMessages } from './failed-messages.tsx';
import { MoveRideForm } from './move-ride-form.tsx';
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
  const loaded = useLoad(() => getRide(id), [id]);
  const [busy, setBusy] = useState(false);
  /** The change form open under the ride, if any. */
  const [open, setOpen] = useState<'move' | 'correct' | 'cancel' | null>(null);
  // When the ride was last shown as it is: what the undo's window is measured from.
  const [shownAt, setShownAt] = useState(() => Date.now());
  const [failure, setFailure] = useState<string | undefined>();
  /** A move the car cannot drive to: why, and the request to send again with the override. */
  const [unreachable, setUnreachable] = useState<
    { reason: string; request: MoveRideRequest } | undefined
  >();

  const act = (call: () => Promise<RideResponse>, refused?: (error: unknown) => boolean) => {
    setBusy(true);
    setFailure(undefined);
    call()
      .then(({ ride, message }) => {
        loaded.set((shown) => ({ ...shown, ride }));
        setOpen(null);
        setShownAt(Date.now());
        if (message) notify('success', message);
        onChanged();
      })
      .catch((error: unknown) => {
        if (refused?.(error)) return;
        setFailure(failureMessage(error, 'load'));
        void loaded.reload();
      })
      .finally(() => setBusy(false));
  };

  if (loaded.loading)
    return (
      <p role="status" className="mt-6 text-ink-muted">
        Loading the ride...
      </p>
    );
  if (loaded.failure || !loaded.data)
    return (
      <div className="mt-6">
        <p role="alert" className="text-danger">
          {loaded.failure}
        </p>
        <Link href={backHref} className={`mt-4 ${buttonSecondary}`}>
          Back to the rides
        </Link>
      </div>
    );

  const ride: Ride = loaded.data.ride;
  const canCancel = ride.status === 'paid' || ride.status === 'pending_payment';
  const from = ride.status === 'paid' ? 'paid' : 'pending_payment';
  // A completion or no-show may be undone for a while after it was marked.
  const undoUntil =
    ride.finishedAt && (ride.status === 'completed' || ride.status === 'no_show')
      ? new Date(Date.parse(ride.finishedAt) + FINISH_UNDO_MINUTES * 60_000)
      : null;
  const mayUndo = undoUntil !== null && undoUntil.getTime() > shownAt ? undoUntil : null;
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
      <p className="mt-1 text-sm text-ink-muted">
        Booked until {formatNewYorkTime(new Date(ride.endsAt))}
        {ride.turnaroundMinutes > 0 ? (
          <>
            ; the car is free again after its {ride.turnaroundMinutes}-minute turnaround, at{' '}
            {formatNewYorkTime(new Date(ride.occupiedUntil))}.
          </>
        ) : (
          '; the car is free again then.'
        )}
      </p>
      {ride.cancelledAt ? (
        <p className="mt-1 text-sm text-ink-muted">
          Cancelled by the {ride.cancelledBy ?? 'owner'} on{' '}
          {formatNewYorkTime(new Date(ride.cancelledAt))}
        </p>
      ) : null}
      <div className="mt-4">
        <RideFacts ride={ride} rideHref={(other) => screenPath({ ride: other })} />
      </div>
      <FailedMessages
        messages={ride.failedMessages}
        busy={busy}
        onRetry={(messageId) =>
          act(async () => {
            const { message } = await retryRideMessage(messageId);
            return { ...(await getRide(ride.id)), message };
          })
        }
      />
      {failure ? (
        <p role="alert" className="mt-4 text-danger">
          {failure}
        </p>
      ) : null}
      {ride.status === 'paid' && open === null ? (
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
          <button type="button" className={buttonSecondary} onClick={() => setOpen('move')}>
            Move the ride...
          </button>
          <button type="button" className={buttonSecondary} onClick={() => setOpen('correct')}>
            Correct details...
          </button>
        </div>
      ) : null}
      {ride.status === 'paid' && open === null ? (
        <AssignChauffeurForm
          ride={ride}
          busy={busy}
          onAssign={(request) => act(() => assignChauffeur(ride.id, request))}
        />
      ) : null}
      {mayUndo ? (
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <button
            type="button"
            disabled={busy}
            className={buttonSecondary}
            onClick={() => act(() => reopenRide(ride.id))}
          >
            Undo {ride.status === 'no_show' ? 'the no-show' : 'the completion'}
          </button>
          <span className="text-sm text-ink-muted">Until {formatNewYorkTime(mayUndo)}</span>
        </div>
      ) : null}
      {canCancel && open === null ? (
        <button
          type="button"
          className={`mt-3 ${buttonSecondary}`}
          onClick={() => setOpen('cancel')}
        >
          Cancel the ride...
        </button>
      ) : null}
      {ride.status === 'paid' && open === 'move' ? (
        <MoveRideForm
          ride={ride}
          busy={busy}
          unreachable={unreachable?.reason}
          onClose={() => {
            setUnreachable(undefined);
            setOpen(null);
          }}
          onMove={(request) => {
            setUnreachable(undefined);
            act(
              () => moveRide(ride.id, request),
              (error) => {
                if (!(error instanceof ApiError) || error.code !== 'unreachable') return false;
                setUnreachable({ reason: error.serverMessage ?? '', request });
                return true;
              },
            );
          }}
          onMoveAnyway={() => {
            if (!unreachable) return;
            const request = { ...unreachable.request, overrideReach: true };
            setUnreachable(undefined);
            act(() => moveRide(ride.id, request));
          }}
        />
      ) : null}
      {ride.status === 'paid' && open === 'correct' ? (
        <CorrectRideForm
          ride={ride}
          busy={busy}
          onClose={() => setOpen(null)}
          onCorrect={(request) => act(() => correctRide(ride.id, request))}
        />
      ) : null}
      {canCancel && open === 'cancel' ? (
        <CancelRideForm
          ride={ride}
          busy={busy}
          onClose={() => setOpen(null)}
          onCancel={(reason: string, refund: RideRefundChoice) =>
            act(() => cancelRide(ride.id, { reason, refund, from }))
          }
        />
      ) : null}
      {/* Keyed by the completion: completed again after an undo, the bill is drafted afresh. */}
      {ride.status === 'completed' ? <BillPanel key={ride.finishedAt} rideId={ride.id} /> : null}
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
