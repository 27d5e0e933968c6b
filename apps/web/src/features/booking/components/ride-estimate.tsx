import { useId } from 'react';
import {
  LENGTH_CHOICES,
  estimateRide,
  formatDaySpoken,
  formatDollars,
  formatLength,
  holidayOn,
  rateDayOf,
  rateKindOf,
  type RateDay,
  type RateKind,
  type Service,
  type SlotDay,
} from '@app/shared';

interface RideEstimateProps {
  service: Service;
  /** The chosen service type; empty while the customer has not chosen one. */
  serviceType: string;
  day: SlotDay | undefined;
  time: string | undefined;
  /** The booking's length in the kind's unit: the car is held that long, and priced for it. */
  length: number;
  onLengthChange: (length: number) => void;
}

const LENGTH_LABEL: Record<RateKind, string> = {
  ride: 'Ride length',
  hourly: 'Hours',
  rental: 'Rental length',
};

function dayNote(day: SlotDay, rateDay: RateDay, kind: RateKind): string {
  const name = formatDaySpoken(day);
  const what =
    rateDay === 'holiday'
      ? `a holiday (${holidayOn(day) ?? ''})`
      : rateDay === 'weekend'
        ? 'a weekend day'
        : rateDay === 'night'
          ? 'a night pickup'
          : 'a regular weekday';
  const flat = kind === 'ride' && rateDay !== 'regular' ? ': the flat rate applies' : '';
  return `${name}${rateDay === 'night' ? ', ' : ' is '}${what}${flat}.`;
}

/**
 * What the ride should cost, beside the Book button: the deposit paid today and the balance
 * left after the ride, by the shared pricing rules. An estimate only: the price is settled
 * after the ride.
 */
export function RideEstimate({
  service,
  serviceType,
  day,
  time,
  length,
  onLengthChange,
}: RideEstimateProps) {
  const id = useId();
  const kind = rateKindOf(serviceType);
  const needsType = service.availableServiceTypes.length > 1 && serviceType === '';
  const rateDay = day ? rateDayOf(day.key, time) : 'regular';
  const estimate = estimateRide(service, kind, length, rateDay);

  return (
    <div
      role="group"
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-line bg-canvas p-4"
    >
      <h4 id={`${id}-heading`} className="text-sm font-semibold text-brand">
        Price estimate
      </h4>
      {needsType ? (
        <p className="mt-2 text-sm text-ink-muted">
          Choose a service type to see what the ride should cost.
        </p>
      ) : (
        <>
          {/* Radios, not a select: the page's one dropdown is the service type's. */}
          <fieldset className="mt-3">
            <legend className="text-sm text-ink">{LENGTH_LABEL[kind]}</legend>
            <div className="mt-2 flex flex-wrap gap-1.5">
              {LENGTH_CHOICES[kind].map((option) => (
                <label
                  key={option}
                  className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-xl border border-line bg-surface px-2.5 text-sm text-ink has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
                >
                  <input
                    type="radio"
                    name={`${id}-length`}
                    value={option}
                    checked={option === length}
                    onChange={() => onLengthChange(option)}
                    className="sr-only"
                  />
                  {formatLength(kind, option)}
                </label>
              ))}
            </div>
          </fieldset>
          {day && (
            <p className="mt-2 text-xs text-ink-muted" data-rate-day={rateDay}>
              {dayNote(day, rateDay, kind)}
            </p>
          )}
          <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-ink-muted">Estimated ride price</dt>
            <dd className="text-right font-medium text-ink tabular-nums">
              {estimate.discountPercent > 0 && (
                <>
                  <span className="sr-only">regular price </span>
                  <s className="font-normal text-ink-muted">
                    {formatDollars(estimate.listPrice)}
                  </s>{' '}
                  <span className="sr-only">, with {estimate.discountPercent}% off </span>
                </>
              )}
              {formatDollars(estimate.price)}
            </dd>
          </dl>
          {estimate.discountPercent > 0 && (
            <p className="mt-1 text-xs text-accent-strong">
              {estimate.discountPercent}% off the ride&apos;s price; the deposit stays the same.
            </p>
          )}
          <p
            aria-live="polite"
            className="mt-3 border-t border-line pt-3 text-sm font-medium text-ink"
          >
            Deposit today {formatDollars(estimate.deposit)}, estimated balance after the ride{' '}
            {formatDollars(estimate.balance)}
          </p>
        </>
      )}
    </div>
  );
}
