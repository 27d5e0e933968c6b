import { BadgePercent } from 'lucide-react';
import {
  depositDollars,
  discountedDollars,
  formatDollars,
  hasOneHourFifteenPrice,
  promotionPercentFor,
  type Service,
} from '@app/shared';
import { card } from '../ui/styles.ts';

/**
 * The home page's offer, kept on the promoted model's car page: every rate struck through
 * beside its discounted figure. The columns' headings say which is which in text, so the
 * strike-through is never the only sign. Nothing for other models.
 */
export function PromotionRates({ service }: { service: Service }) {
  const off = promotionPercentFor(service.type);
  if (!off) return null;
  const rows: [string, number][] = [
    ['Per hour', service.specialServicePricePerHour],
    ...(hasOneHourFifteenPrice(service.specialServicePriceBetweenOneHourFifteen)
      ? [['First 1 h 15 min', service.specialServicePriceBetweenOneHourFifteen] as [string, number]]
      : []),
    ['Each extra hour', service.specialServicePriceExtra],
    ['Night, weekend, holiday flat rate', service.specialServicePriceFlatRate],
    ['Multi-hour, per hour', service.serviceChargePerHour],
    ['Rental, per day', service.rentalDailyPrice],
    ['Rental, per week', service.rentalWeeklyPrice],
  ];
  return (
    <section
      aria-labelledby="offer-heading"
      className={`${card} border border-accent/40 bg-accent-tint/40 p-5 sm:p-6`}
    >
      <div className="flex items-center gap-3">
        <BadgePercent className="size-6 shrink-0 text-accent-strong" aria-hidden="true" />
        <h2 id="offer-heading" className="text-base font-semibold text-brand">
          {off}% off every {service.type}, for a limited time
        </h2>
      </div>
      <p className="mt-2 text-sm text-ink">
        The discount applies to the ride&apos;s price. The deposit stays{' '}
        {formatDollars(depositDollars(service.fees))} and is credited toward the ride.
      </p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">
          {service.name} rates: regular price and price with {off}% off
        </caption>
        <thead>
          <tr className="text-left text-xs text-ink-muted">
            <th scope="col" className="pb-2 font-medium">
              Rate
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Regular price
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              With {off}% off
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, amount]) => (
            <tr key={label} className="border-t border-accent/20">
              <th scope="row" className="py-2 pr-2 text-left font-normal text-ink-muted">
                {label}
              </th>
              <td className="py-2 text-right text-ink-muted tabular-nums">
                <s>{formatDollars(amount)}</s>
              </td>
              <td className="py-2 pl-2 text-right font-semibold text-ink tabular-nums">
                {formatDollars(discountedDollars(amount, off))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
