import type { BillView } from '@app/shared';
import { money } from '../lib/money.ts';

const row = 'flex items-baseline justify-between gap-4 py-2';
const amount = 'shrink-0 font-semibold tabular-nums text-ink';

/** The bill's lines, what the ride came to, the deposit and what is left to pay. */
export function BillLines({
  bill,
}: {
  bill: Pick<BillView, 'lines' | 'totalCents' | 'depositCents' | 'balanceCents'>;
}) {
  return (
    <div>
      <ul aria-label="What the ride is billed for" className="divide-y divide-line">
        {bill.lines.map((line, index) => (
          <li key={`${line.kind}-${index}`} className={row}>
            <span className="text-ink">{line.label}</span>
            <span className={amount}>{money(line.amountCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 border-t-2 border-line">
        <div className={row}>
          <dt className="font-semibold text-ink">The ride came to</dt>
          <dd className={amount}>{money(bill.totalCents)}</dd>
        </div>
        <div className={row}>
          <dt className="text-ink-muted">Deposit paid at booking</dt>
          <dd className={amount}>{money(-bill.depositCents)}</dd>
        </div>
        <div className={`${row} text-lg`}>
          <dt className="font-bold text-brand">Left to pay</dt>
          <dd className={`${amount} text-brand`}>{money(bill.balanceCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
