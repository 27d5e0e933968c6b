import {
  formatReceiptBusinessAddress,
  formatReceiptCard,
  formatReceiptInstant,
  formatReceiptLegWhen,
  receiptBilledTo,
  type Receipt,
} from '@app/shared';
import { money } from '../../../lib/money.ts';

const row = 'flex items-baseline justify-between gap-4 py-1.5';
const amount = 'shrink-0 tabular-nums font-semibold text-ink';

/** The receipt as the PDF prints it: the same data, laid out for the page and for paper. */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { business, customer } = receipt;
  const billedTo = receiptBilledTo(customer);
  return (
    <article aria-label="Receipt" className="grid gap-6 text-ink">
      <header className="grid gap-1 sm:grid-cols-2 sm:gap-6">
        <div>
          <p className="text-lg font-bold text-brand">{business.name}</p>
          <p>{formatReceiptBusinessAddress(business)}</p>
          <p>
            {business.phone} · {business.email}
          </p>
          {/* The statement says "Licensed…" itself: no label, as in the PDF. */}
          <p className="text-sm text-ink-muted">{business.licence}</p>
        </div>
        <dl className="text-sm sm:text-right">
          <div>
            <dt className="inline font-semibold">Reference </dt>
            <dd className="inline font-mono">{receipt.reference}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Issued </dt>
            <dd className="inline">{formatReceiptInstant(receipt.issuedAt)}</dd>
          </div>
        </dl>
      </header>
      <section aria-label="Customer" className="text-sm">
        <p className="font-semibold">{customer.name}</p>
        <p>{customer.email}</p>
        {billedTo.length > 0 ? (
          <div className="mt-2">
            <p className="font-semibold">Billed to</p>
            {billedTo.map((line, index) => (
              <p key={index}>{line}</p>
            ))}
          </div>
        ) : null}
      </section>
      <section aria-label="The ride">
        {receipt.legs.map((leg, index) => (
          <div key={index} className="mb-2">
            <p className="font-semibold">
              {leg.label}: {formatReceiptLegWhen(leg)}
            </p>
            <p className="text-sm">
              {leg.car}, from {leg.pickup} to {leg.dropoff}
            </p>
          </div>
        ))}
      </section>
      <section aria-label="Charges">
        <ul className="divide-y divide-line">
          {receipt.lines.map((line, index) => (
            <li key={index} className={row}>
              <span>{line.label}</span>
              <span className={amount}>{money(line.amountCents)}</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 border-t-2 border-line">
          <div className={row}>
            <dt className="font-semibold">Subtotal</dt>
            <dd className={amount}>{money(receipt.subtotalCents)}</dd>
          </div>
          <div className={row}>
            <dt>Deposit paid at booking</dt>
            <dd className={amount}>{money(receipt.depositCents)}</dd>
          </div>
          <div className={row}>
            <dt>Balance charged after the ride</dt>
            <dd className={amount}>{money(receipt.balanceCents)}</dd>
          </div>
          <div className={row}>
            <dt>Tip</dt>
            <dd className={amount}>{money(receipt.tipCents)}</dd>
          </div>
          {receipt.refunds.map((refund, index) => (
            <div key={index} className={row}>
              <dt>
                {refund.label} ({formatReceiptInstant(refund.at)})
              </dt>
              <dd className={amount}>{money(-refund.amountCents)}</dd>
            </div>
          ))}
          <div className={`${row} border-t border-line text-lg`}>
            <dt className="font-bold text-brand">Total paid</dt>
            <dd className={`${amount} text-brand`}>{money(receipt.paidCents)}</dd>
          </div>
        </dl>
        {receipt.card ? (
          <p className="mt-2 text-sm text-ink-muted">Paid with {formatReceiptCard(receipt.card)}</p>
        ) : null}
      </section>
    </article>
  );
}
