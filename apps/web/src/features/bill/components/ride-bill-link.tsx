import { Link } from 'wouter';
import type { BillStatus } from '@app/shared';
import { useLoad } from '../../../lib/use-load.ts';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { getBill } from '../api/bill.ts';
import { money } from '../../../lib/money.ts';

/** The bill's state in a few words, for the ride's page. */
const STATUS_WORDS: Record<BillStatus, string> = {
  draft: 'Being prepared',
  sent: 'Ready for your tip and payment',
  charging: 'Charging your card',
  paid: 'Paid',
  payment_due: 'Your bank did not let us charge your card',
  settled: 'Paid',
};

/**
 * "Your bill" on a done ride's page, once the owner has sent it (before, the API answers 404
 * and nothing shows).
 */
export function RideBillLink({ rideId }: { rideId: string }) {
  const loaded = useLoad(() => getBill(rideId).catch(() => null), [rideId]);
  const bill = loaded.data;
  if (!bill) return null;
  const toPay = bill.status === 'sent' || bill.status === 'payment_due';
  return (
    <section aria-labelledby="ride-bill-heading" className={`${card} mt-8 p-4 sm:p-6`}>
      <h2 id="ride-bill-heading" className="text-lg font-bold text-brand">
        Your bill
      </h2>
      <p className="mt-1 text-ink">
        {STATUS_WORDS[bill.status]}: the ride came to {money(bill.totalCents)}.
      </p>
      <Link
        href={`/my-appointments/${encodeURIComponent(rideId)}/bill`}
        className={`mt-4 ${toPay ? buttonPrimary : buttonSecondary}`}
      >
        {toPay ? 'Tip and pay' : 'See your bill'}
      </Link>
    </section>
  );
}
