import { useId, useState, type FormEvent } from 'react';
import {
  CHANGE_REASON_MAX_LENGTH,
  CHANGE_REASON_MESSAGE,
  CHANGE_REASON_LONG_MESSAGE,
  type EditRideRequest,
  type Ride,
} from '@app/shared';
import { TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { ReasonField, reasonProblem } from './reason-field.tsx';

type Details = Omit<EditRideRequest, 'reason'>;

/**
 * Correcting a paid ride's phone, addresses and notes (the customer called), with a reason the
 * customer is told along with which details changed. The server checks each as booking does.
 */
export function CorrectRideForm({
  ride,
  busy,
  onCorrect,
  onClose,
}: {
  ride: Ride;
  busy: boolean;
  onCorrect: (request: EditRideRequest) => void;
  onClose: () => void;
}) {
  const [details, setDetails] = useState<Required<Details>>({
    phone: ride.phone,
    pickupAddress: ride.pickupAddress,
    dropoffAddress: ride.dropoffAddress,
    pickupNotes: ride.pickupNotes,
    returnPickupAddress: ride.returnPickupAddress,
    returnDropoffAddress: ride.returnDropoffAddress,
  });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reasonId = useId();
  const field = (name: keyof Details, label: string) => (
    <TextField
      label={label}
      name={name}
      value={details[name]}
      onChange={(event) => setDetails((shown) => ({ ...shown, [name]: event.target.value }))}
    />
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    const problem = reasonProblem(
      text,
      { missing: CHANGE_REASON_MESSAGE, tooLong: CHANGE_REASON_LONG_MESSAGE },
      CHANGE_REASON_MAX_LENGTH,
    );
    setError(problem);
    if (problem) {
      document.getElementById(reasonId)?.focus();
      return;
    }
    onCorrect({ ...details, reason: text });
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Correct the details"
      className="mt-4 space-y-4"
    >
      {field('phone', 'Phone')}
      {field('pickupAddress', 'Pickup address')}
      {field('dropoffAddress', 'Drop-off address')}
      {field('pickupNotes', 'Notes for the driver')}
      {ride.needsReturnRide ? (
        <>
          {field('returnPickupAddress', 'Return pickup address')}
          {field('returnDropoffAddress', 'Return drop-off address')}
        </>
      ) : null}
      <ReasonField id={reasonId} value={reason} onChange={setReason} error={error} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={buttonPrimary}>
          Save the details
        </button>
        <button type="button" onClick={onClose} className={buttonSecondary}>
          Leave them as they are
        </button>
      </div>
    </form>
  );
}
