import { useId, useState, type FormEvent } from 'react';
import {
  CANCEL_REASON_MAX_LENGTH,
  CANCEL_REASON_MESSAGE,
  CANCEL_REASON_LONG_MESSAGE,
  type Ride,
  type RideRefundChoice,
} from '@app/shared';
import { labelClass } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { formatDeposit } from '../utils/ride-view.ts';
import { ReasonField, reasonProblem } from './reason-field.tsx';

/**
 * Cancelling a ride: a reason the customer is told and, for a paid ride, whether the deposit
 * goes back. Sends the status the owner sees, so a ride changed meanwhile is not cancelled.
 */
export function CancelRideForm({
  ride,
  busy,
  onCancel,
  onClose,
}: {
  ride: Ride;
  busy: boolean;
  onCancel: (reason: string, refund: RideRefundChoice) => void;
  onClose: () => void;
}) {
  const paid = ride.status === 'paid';
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<RideRefundChoice>(paid ? 'full' : 'none');
  const [error, setError] = useState<string | undefined>();
  const ids = { reason: useId(), refund: useId() };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    const problem = reasonProblem(
      text,
      { missing: CANCEL_REASON_MESSAGE, tooLong: CANCEL_REASON_LONG_MESSAGE },
      CANCEL_REASON_MAX_LENGTH,
    );
    setError(problem);
    if (problem) {
      document.getElementById(ids.reason)?.focus();
      return;
    }
    onCancel(text, refund);
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Cancel the ride" className="mt-4 space-y-4">
      <ReasonField id={ids.reason} value={reason} onChange={setReason} error={error} />
      <fieldset>
        <legend className={labelClass}>Deposit</legend>
        {paid ? (
          <div className="mt-2 space-y-2">
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name={ids.refund}
                value="full"
                checked={refund === 'full'}
                onChange={() => setRefund('full')}
                className="size-5"
              />
              Refund the full deposit ({formatDeposit(ride.depositCents)})
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name={ids.refund}
                value="none"
                checked={refund === 'none'}
                onChange={() => setRefund('none')}
                className="size-5"
              />
              Keep the deposit (no refund)
            </label>
          </div>
        ) : (
          <p className="mt-1.5 text-sm text-ink-muted">
            Nothing has been paid yet: nothing to refund.
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={buttonPrimary}>
          Cancel the ride
        </button>
        <button type="button" onClick={onClose} className={buttonSecondary}>
          Keep the ride
        </button>
      </div>
    </form>
  );
}
