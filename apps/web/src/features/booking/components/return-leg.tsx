import { useId } from 'react';
import {
  LENGTH_CHOICES,
  WAITING_CHOICES_MINUTES,
  formatDaySpoken,
  formatLength,
  formatWaiting,
} from '@app/shared';
import { FieldError, inputClass, labelClass } from '../../../components/ui/form-field.tsx';
import {
  nearestReturnStarts,
  returnDays,
  returnLength,
  returnStarts,
  type ReturnLegChoice,
  type ReturnLegContext,
} from '../utils/return-leg.ts';

interface ReturnLegProps {
  context: ReturnLegContext;
  /** The quote found the return's route: it books for the drive and its waiting time. */
  routed: boolean;
  value: ReturnLegChoice;
  onChange: (choice: ReturnLegChoice) => void;
  error: string | undefined;
}

const radioClass =
  'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl border border-line bg-surface px-4 text-sm font-medium text-ink has-[:checked]:border-brand has-[:checked]:bg-brand-tint has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand';

/**
 * When the return ride goes (ADR 018): its own day, time and length on the same car, held and
 * paid with the first ride, or "I'll book the return later". Only the times the car is free for
 * the whole return, after the first ride is back, are offered; a time that stopped fitting (the
 * first ride moved, or the length grew) is said, with the nearest free times to choose instead.
 */
export function ReturnLeg({ context, routed, value, onChange, error }: ReturnLegProps) {
  const id = useId();
  const length = returnLength(value, context.kind);
  const days = returnDays(context, length);
  const day = context.days.find((candidate) => candidate.key === value.dayKey);
  const starts = returnStarts(context, day, length);
  const chosen = day?.slots.find((slot) => slot.label === value.time);
  const stale = value.time !== undefined && !starts.some((slot) => slot.label === value.time);
  const nearest = stale && chosen ? nearestReturnStarts(context, chosen.startsAt, length) : null;
  const errorId = `${id}-error`;

  return (
    <div className="min-w-0 space-y-4">
      <fieldset>
        <legend className={labelClass}>When do you ride back?</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          <label className={radioClass}>
            <input
              type="radio"
              name="returnTiming"
              checked={!value.later}
              onChange={() => onChange({ ...value, later: false })}
              className="size-4.5 accent-brand"
            />
            Choose the time now
          </label>
          <label className={radioClass}>
            <input
              type="radio"
              name="returnTiming"
              checked={value.later}
              onChange={() => onChange({ ...value, later: true })}
              className="size-4.5 accent-brand"
            />
            I&apos;ll book the return later
          </label>
        </div>
      </fieldset>
      {!value.later && (
        <>
          {routed ? (
            <fieldset>
              <legend className={labelClass}>Return waiting time</legend>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {WAITING_CHOICES_MINUTES.map((option) => (
                  <label key={option} className={radioClass}>
                    <input
                      type="radio"
                      name="returnWaiting"
                      checked={option === (value.waiting ?? 0)}
                      onChange={() => onChange({ ...value, waiting: option })}
                      className="sr-only"
                    />
                    {formatWaiting(option)}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <fieldset>
              <legend className={labelClass}>Return length</legend>
              <div className="mt-2 flex flex-wrap gap-1.5">
                {LENGTH_CHOICES[context.kind].map((option) => (
                  <label key={option} className={radioClass}>
                    <input
                      type="radio"
                      name="returnLength"
                      checked={option === length}
                      onChange={() => onChange({ ...value, length: option })}
                      className="sr-only"
                    />
                    {formatLength(context.kind, option)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-day`} className={labelClass}>
                Return day
              </label>
              <select
                id={`${id}-day`}
                name="returnDay"
                value={value.dayKey ?? ''}
                onChange={(event) =>
                  onChange({ ...value, dayKey: event.target.value || undefined, time: undefined })
                }
                aria-invalid={error && !value.dayKey ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={`mt-1.5 ${inputClass}`}
              >
                <option value="">Choose a day</option>
                {days.map((option) => (
                  <option key={option.key} value={option.key}>
                    {formatDaySpoken(option)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-time`} className={labelClass}>
                Return time
              </label>
              <select
                id={`${id}-time`}
                name="returnTime"
                value={stale ? '' : (value.time ?? '')}
                onChange={(event) => onChange({ ...value, time: event.target.value || undefined })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={`mt-1.5 ${inputClass}`}
              >
                <option value="">Choose a time</option>
                {starts.map((slot) => (
                  <option key={slot.label} value={slot.label}>
                    {slot.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {nearest && day && (
            <div role="status" className="rounded-xl border border-line bg-surface p-3 text-sm">
              <p className="text-ink">
                The car is not free for the whole return at {value.time} on {formatDaySpoken(day)}.
                {nearest.before || nearest.after ? ' The nearest free times:' : ''}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                {[nearest.before, nearest.after].map((near) =>
                  near ? (
                    <button
                      key={`${near.day.key} ${near.slot.label}`}
                      type="button"
                      onClick={() =>
                        onChange({ ...value, dayKey: near.day.key, time: near.slot.label })
                      }
                      className="min-h-11 rounded-xl border border-brand px-3 font-medium text-brand"
                    >
                      {formatDaySpoken(near.day)}, {near.slot.label}
                    </button>
                  ) : null,
                )}
              </div>
            </div>
          )}
          <FieldError id={errorId} message={error} />
        </>
      )}
    </div>
  );
}
