import { useId, useMemo, useState, type FormEvent } from 'react';
import { MESSAGES, formatDaySpoken, type RideView } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { hintClass, inputClass, labelClass } from '../../../components/ui/form-field.tsx';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { rescheduleRide } from '../api/ride.ts';
import { daysWithFreeSlots } from '../utils/free-slots.ts';

interface RescheduleFormProps {
  ride: RideView;
  /** Told of the ride as it is after the move. */
  onMoved: (ride: RideView, message: string) => void;
}

/** Another start of the same car where the ride's whole stretch fits: a day, then a time. */
export function RescheduleForm({ ride, onMoved }: RescheduleFormProps) {
  const id = useId();
  const stretch = ride.lengthMinutes + ride.turnaroundMinutes;
  const days = useMemo(
    () => daysWithFreeSlots(new Date(), ride.slotsTaken, ride.startsOutOfReach, stretch),
    [ride.slotsTaken, ride.startsOutOfReach, stretch],
  );
  const [dayKey, setDayKey] = useState(days[0]?.key ?? '');
  const [time, setTime] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);
  const day = days.find((candidate) => candidate.key === dayKey);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    if (!day || !time) {
      setFieldError(MESSAGES.selectDateTime);
      document.getElementById(`${id}-time`)?.focus();
      return;
    }
    setFieldError('');
    setSending(true);
    try {
      const answer = await rescheduleRide(ride.id, { slotDate: day.key, slotTime: time });
      onMoved(answer.ride, answer.message);
    } catch (error) {
      setFailure(failureMessage(error, 'load'));
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-brand">
        Reschedule
      </h2>
      <p className={hintClass}>
        Move your ride to another free time of the same car. Your deposit carries over.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-day`} className={labelClass}>
            New date
          </label>
          <select
            id={`${id}-day`}
            value={dayKey}
            onChange={(event) => {
              setDayKey(event.target.value);
              setTime('');
            }}
            className={`mt-1.5 ${inputClass}`}
          >
            {days.map((option) => (
              <option key={option.key} value={option.key}>
                {formatDaySpoken(option)}, {option.year}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-time`} className={labelClass}>
            New time
          </label>
          <select
            id={`${id}-time`}
            value={time}
            onChange={(event) => {
              setTime(event.target.value);
              setFieldError('');
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-time-error` : undefined}
            className={`mt-1.5 ${inputClass}`}
          >
            <option value="">Choose a time</option>
            {day?.slots.map((slot) => (
              <option key={slot.label} value={slot.label}>
                {slot.label}
              </option>
            ))}
          </select>
          {fieldError ? (
            <p id={`${id}-time-error`} className="mt-1.5 text-sm font-medium text-danger">
              {fieldError}
            </p>
          ) : null}
        </div>
      </div>
      <p className={hintClass}>Times are Eastern (Boston) time.</p>
      {failure ? (
        <p role="alert" className="rounded-xl bg-danger-tint px-4 py-3 text-sm text-danger">
          {failure}
        </p>
      ) : null}
      <button type="submit" className={buttonPrimary} disabled={sending}>
        {sending ? 'Please wait...' : 'Move my ride'}
      </button>
    </form>
  );
}
