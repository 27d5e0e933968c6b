import { useId, useRef, useState } from 'react';
import { formatCents, formatSlotDateLong, type RideView } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { hintClass } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { cancelRide } from '../api/ride.ts';

interface CancelRideProps {
  ride: RideView;
  /** Told of the ride as it is once cancelled. */
  onCancelled: (ride: RideView, message: string) => void;
}

/**
 * Cancelling, behind a confirmation that states the booking policy first, and what the cancel
 * gives back of the deposit by the owner's refund tiers (the server's figure, which the cancel
 * works out again at its commit and says if it differs). A native modal dialog: it keeps focus
 * inside, closes on Escape and gives focus back to the button.
 */
export function CancelRide({ ride, onCancelled }: CancelRideProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  // A round trip's first ride: the customer says whether the return goes too.
  const [withReturn, setWithReturn] = useState(false);
  const returnLeg = ride.returnLegLive ? ride.trip.returnRide?.leg : undefined;
  const refund = returnLeg && withReturn ? ride.cancelRefundWithReturn : ride.cancelRefund;

  async function confirm() {
    setFailure('');
    setSending(true);
    try {
      const answer = await cancelRide(ride.id, {
        ...(returnLeg ? { withReturn } : {}),
        ...(refund ? { seenRefundCents: refund.refundCents } : {}),
      });
      dialog.current?.close();
      onCancelled(answer.ride, answer.message);
    } catch (error) {
      setFailure(failureMessage(error, 'load'));
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-brand">
        Cancel
      </h2>
      <p className={hintClass}>Cancelling frees your time for someone else.</p>
      <button
        type="button"
        className={buttonSecondary}
        onClick={() => {
          setFailure('');
          dialog.current?.showModal();
        }}
      >
        Cancel my ride
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-dialog-title`}
        aria-describedby={`${id}-dialog-policy`}
        className={`${card} m-auto w-[calc(100%-2rem)] max-w-md p-6 backdrop:bg-brand/60`}
      >
        <h2 id={`${id}-dialog-title`} className="text-xl font-semibold text-brand">
          Cancel this ride?
        </h2>
        {refund && refund.refundCents > 0 ? (
          <p id={`${id}-dialog-policy`} className="mt-3 text-ink" aria-live="polite">
            <strong>{refund.words}</strong> It goes back to the card you paid with, and your time is
            freed for others.
          </p>
        ) : (
          <p id={`${id}-dialog-policy`} className="mt-3 text-ink">
            <strong>The booking fee is non-refundable.</strong> Your deposit of $
            {formatCents(refund?.depositCents ?? ride.amountCents)} is not given back, and your time
            is freed for others.
          </p>
        )}
        {returnLeg ? (
          <label className="mt-4 flex min-h-11 items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              checked={withReturn}
              onChange={(event) => setWithReturn(event.target.checked)}
              className="size-5 accent-brand"
            />
            Cancel my return ride on {formatSlotDateLong(returnLeg.slotDate)} at{' '}
            {returnLeg.slotTime} too
          </label>
        ) : null}
        {failure ? (
          <p role="alert" className="mt-4 rounded-xl bg-danger-tint px-4 py-3 text-sm text-danger">
            {failure}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            className={buttonSecondary}
            autoFocus
            onClick={() => dialog.current?.close()}
          >
            Keep my ride
          </button>
          <button type="button" className={buttonPrimary} disabled={sending} onClick={confirm}>
            {sending ? 'Please wait...' : 'Yes, cancel my ride'}
          </button>
        </div>
      </dialog>
    </section>
  );
}
