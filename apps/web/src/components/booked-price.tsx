import { formatCents, reasonsInWords, type BookedPrice } from '@app/shared';

/*
 * A ride's price as it was booked (its snapshot, never today's rates): each ride's own price
 * and why, then the deposit and what is left after the ride. The confirmation and the ride
 * page show it alike.
 */

const term = 'text-ink-muted';
const amount = 'text-right font-medium text-ink tabular-nums';

/** One ride's price with its reasons under it, as a term and its description. */
export function BookedPriceRow({ label, price }: { label: string; price: BookedPrice }) {
  return (
    <>
      <dt className={term}>{label}</dt>
      <dd className={amount}>
        ${formatCents(price.priceCents)}
        {price.reasons.length > 0 && (
          <span className="block text-xs font-normal text-ink-muted">
            {reasonsInWords(price.reasons)}
          </span>
        )}
      </dd>
    </>
  );
}

/** The ride page's price: this ride's, the deposit paid toward it and what is left. */
export function BookedPriceDetails({ price }: { price: BookedPrice }) {
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 border-t border-line pt-4 text-sm">
      <BookedPriceRow label="Estimated ride price" price={price} />
      <dt className={term}>Deposit paid</dt>
      <dd className={amount}>${formatCents(price.depositCents)}</dd>
      <dt className={term}>Left to pay after the ride</dt>
      <dd className={amount}>${formatCents(price.balanceCents)}</dd>
    </dl>
  );
}
