import { useId } from 'react';
import {
  LENGTH_CHOICES,
  MAX_ROUTE_MINUTES,
  WAITING_CHOICES_MINUTES,
  estimateRide,
  formatDaySpoken,
  formatDollars,
  formatLength,
  formatWaiting,
  holidayOn,
  lengthInUnits,
  rateDayOf,
  rateKindOf,
  reasonsInWords,
  routeTooLongMessage,
  type LegQuote,
  type QuoteResponse,
  type RateDay,
  type RateKind,
  type Service,
  type SlotDay,
} from '@app/shared';
import { BUSINESS } from '../../../config/env.ts';
import { driveText } from '../utils/drive-text.ts';

interface RideEstimateProps {
  service: Service;
  /** The chosen service type; empty while the customer has not chosen one. */
  serviceType: string;
  day: SlotDay | undefined;
  time: string | undefined;
  /** The booking's length in the kind's unit: the car is held that long, and priced for it. */
  length: number;
  onLengthChange: (length: number) => void;
  /** A ride's waiting time on top of its route, in minutes. */
  waiting: number;
  onWaitingChange: (minutes: number) => void;
  /** The server's quote for these choices, once it answered (use-quote.ts). */
  quote: QuoteResponse | undefined;
  /** Both addresses are typed: a ride the quote found no route for says so. */
  placesTyped: boolean;
  /** Why the quote could not be had: said, and the local estimate shown instead. */
  failure: string | undefined;
}

const radioLabel =
  'inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-xl border border-line bg-surface px-2.5 text-sm text-ink has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand';

/** The price the box shows: the quote's at the chosen time, else the local estimate's. */
function shownPrice(
  service: Service,
  kind: RateKind,
  units: number,
  rateDay: RateDay,
  leg: LegQuote | undefined,
) {
  if (leg?.price) return leg.price;
  return { ...estimateRide(service, kind, units, rateDay), reasons: [] as string[] };
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
  waiting,
  onWaitingChange,
  quote,
  placesTyped,
  failure,
}: RideEstimateProps) {
  const id = useId();
  const kind = rateKindOf(serviceType);
  const needsType = service.availableServiceTypes.length > 1 && serviceType === '';
  const rateDay = day ? rateDayOf(day.key, time) : 'regular';
  const leg = quote?.ride;
  const drive = kind === 'ride' && leg ? driveText(leg) : undefined;
  // Both places typed and none found: the customer's length, said plainly.
  const unplaced = kind === 'ride' && placesTyped && leg !== undefined && leg.route === null;
  const tooLong = drive !== undefined && (leg?.route?.minutes ?? 0) > MAX_ROUTE_MINUTES;
  const units = drive && leg ? lengthInUnits(kind, leg.lengthMinutes) : length;
  const estimate = shownPrice(service, kind, units, rateDay, leg);
  const returnPrice = quote?.returnLeg?.price ?? undefined;
  const total = returnPrice ? quote?.total : undefined;
  const due = total ?? estimate;

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
          {drive ? (
            <>
              <p className="mt-2 text-sm text-ink">{drive}</p>
              {tooLong && (
                <p className="mt-2 text-sm font-medium text-danger">
                  {routeTooLongMessage(BUSINESS.phone)}
                </p>
              )}
              <fieldset className="mt-3">
                <legend className="text-sm text-ink">Waiting time</legend>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  {WAITING_CHOICES_MINUTES.map((option) => (
                    <label key={option} className={radioLabel}>
                      <input
                        type="radio"
                        name={`${id}-waiting`}
                        value={option}
                        checked={option === waiting}
                        onChange={() => onWaitingChange(option)}
                        className="sr-only"
                      />
                      {formatWaiting(option)}
                    </label>
                  ))}
                </div>
              </fieldset>
            </>
          ) : (
            <>
              {unplaced && (
                <p className="mt-2 text-sm text-ink">
                  The ride&apos;s length could not be worked out from the addresses. Please choose
                  how long you need the car.
                </p>
              )}
              {/* Radios, not a select: the page's one dropdown is the service type's. */}
              <fieldset className="mt-3">
                <legend className="text-sm text-ink">{LENGTH_LABEL[kind]}</legend>
                <div className="mt-2 flex flex-wrap gap-1.5">
                  {LENGTH_CHOICES[kind].map((option) => (
                    <label key={option} className={radioLabel}>
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
            </>
          )}
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
            {returnPrice && total && (
              <>
                <dt className="text-ink-muted">Return ride</dt>
                <dd className="text-right font-medium text-ink tabular-nums">
                  {formatDollars(returnPrice.price)}
                  {/* The return's own reasons: its time may take another rate. */}
                  {returnPrice.reasons.length > 0 && (
                    <span className="block text-xs font-normal text-ink-muted">
                      {reasonsInWords(returnPrice.reasons)}
                    </span>
                  )}
                </dd>
                <dt className="font-medium text-ink">Total for both rides</dt>
                <dd className="text-right font-semibold text-ink tabular-nums">
                  {formatDollars(total.price)}
                </dd>
              </>
            )}
          </dl>
          {estimate.reasons.length > 0 && (
            <p className="mt-1 text-xs text-ink-muted">{reasonsInWords(estimate.reasons)}</p>
          )}
          {estimate.discountPercent > 0 && (
            <p className="mt-1 text-xs text-accent-strong">
              {estimate.discountPercent}% off the ride&apos;s price; the deposit stays the same.
            </p>
          )}
          <p
            aria-live="polite"
            className="mt-3 border-t border-line pt-3 text-sm font-medium text-ink"
          >
            Deposit today {formatDollars(due.deposit)}, estimated balance after the ride{' '}
            {formatDollars(due.balance)}
          </p>
          {failure && placesTyped && (
            <p className="mt-2 text-xs text-ink-muted">
              The price for these addresses could not be worked out just now; this is the rate
              card&apos;s estimate. You can still book.
            </p>
          )}
        </>
      )}
    </div>
  );
}
