import { useId, useState, type FormEvent } from 'react';
import {
  CHANGE_REASON_MAX_LENGTH,
  CHANGE_REASON_MESSAGE,
  CHANGE_REASON_LONG_MESSAGE,
  DAY_SLOT_TIMES,
  type MoveRideRequest,
  type Ride,
} from '@app/shared';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { useCatalogue } from '../../../state/catalogue.tsx';
import { isoOfSlotKey, slotKeyOfIso } from '../utils/ride-view.ts';
import { ReasonField, reasonProblem } from './reason-field.tsx';

/**
 * Moving a paid ride: a day, a start and, unless it is a round trip's, a car that offers its
 * service type, with a reason the customer is told. Sends where the owner saw the ride, so a
 * ride moved meanwhile is not moved again; the server checks the time is free and that the car
 * can drive there. A move it cannot drive to shows why (`unreachable`), and "Move anyway"
 * sends it again with the override.
 */
export function MoveRideForm({
  ride,
  busy,
  unreachable,
  onMove,
  onMoveAnyway,
  onClose,
}: {
  ride: Ride;
  busy: boolean;
  /** Why the car cannot get to the time last asked for, in the server's words. */
  unreachable?: string | undefined;
  onMove: (request: MoveRideRequest) => void;
  onMoveAnyway: () => void;
  onClose: () => void;
}) {
  const { services } = useCatalogue();
  const [day, setDay] = useState(isoOfSlotKey(ride.slotDate));
  const [time, setTime] = useState(ride.slotTime);
  const [carId, setCarId] = useState(ride.serviceId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ids = { reason: useId(), day: useId() };
  // A round trip's legs keep their car (as the server rules); a return to book later is not one.
  const roundTrip = ride.returnOf !== null || ride.returnId !== null;
  const cars = services.filter(
    (car) =>
      car._id === ride.serviceId ||
      (car.available && car.availableServiceTypes.includes(ride.serviceType)),
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
      document.getElementById(ids.reason)?.focus();
      return;
    }
    onMove({
      slotDate: slotKeyOfIso(day),
      slotTime: time,
      ...(carId !== ride.serviceId ? { serviceId: carId } : {}),
      reason: text,
      from: { serviceId: ride.serviceId, slotDate: ride.slotDate, slotTime: ride.slotTime },
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Move the ride" className="mt-4 space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={ids.day}
          label="Day"
          type="date"
          value={day}
          onChange={(event) => setDay(event.target.value)}
        />
        <SelectField
          label="Time"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          options={DAY_SLOT_TIMES.map((label) => ({ value: label, label }))}
        />
      </div>
      {roundTrip ? (
        <p className="text-sm text-ink-muted">
          A round trip’s rides keep their car: only the time can move.
        </p>
      ) : (
        <SelectField
          label="Car"
          value={carId}
          onChange={(event) => setCarId(event.target.value)}
          options={cars.map((car) => ({ value: car._id, label: car.name }))}
        />
      )}
      <ReasonField id={ids.reason} value={reason} onChange={setReason} error={error} />
      {unreachable ? (
        <div role="alert" className="space-y-2">
          <p className="text-danger">{unreachable}</p>
          <button type="button" disabled={busy} onClick={onMoveAnyway} className={buttonSecondary}>
            Move anyway
          </button>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={buttonPrimary}>
          Move the ride
        </button>
        <button type="button" onClick={onClose} className={buttonSecondary}>
          Keep it where it is
        </button>
      </div>
    </form>
  );
}
