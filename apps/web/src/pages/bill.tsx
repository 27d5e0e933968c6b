import { useEffect, useRef } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import type { BillView } from '@app/shared';
import { ApiError } from '../lib/api-client.ts';
import { useLoad } from '../lib/use-load.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import {
  buttonPrimary,
  buttonSecondary,
  card,
  container,
  eyebrow,
} from '../components/ui/styles.ts';
import { getBill, openPaymentLink } from '../features/bill/api/bill.ts';
import { RateRide } from '../features/ride/components/rate-ride.tsx';
import { BillLines } from '../components/bill-lines.tsx';
import { PayBillForm } from '../features/bill/components/pay-bill-form.tsx';
import { money } from '../lib/money.ts';
import NotFoundPage from './not-found.tsx';

/** While the card is being charged (or a payment link's return is confirmed): asked again this often. */
const POLL_MS = 3000;

/** Someone else's ride, no ride, or a bill the owner has not sent: the 404 page. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /my-appointments/:id/bill: the bill after the ride, which the bill's email and text link to.
 * The customer tips and pays it with the card they booked with; a refused card is paid through
 * the payment link, which comes back here with `?paid=1`.
 */
export default function BillPage() {
  const { id = '' } = useParams<{ id: string }>();
  const returnedFromLink = new URLSearchParams(useSearch()).get('paid') === '1';
  const loaded = useLoad(() => getBill(id), [id]);
  const bill = loaded.data;
  // After paying, the payment's new state takes the focus (the form that had it is gone).
  const paymentRef = useRef<HTMLElement>(null);
  const waiting =
    bill?.status === 'charging' || (returnedFromLink && bill?.status === 'payment_due');

  // The charge settles at the bank a moment later: asked again until it has.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void loaded.reload(), POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, bill, loaded]);

  if (isMissing(loaded.error)) return <NotFoundPage />;

  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="Your Bill" />
      <div className="mx-auto max-w-2xl">
        <Link
          href={`/my-appointments/${encodeURIComponent(id)}`}
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Your ride
        </Link>
        <p className={`${eyebrow} mt-4`}>Account</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl">Your Bill</h1>
        {loaded.failure && !bill ? (
          <div className="mt-8">
            <p role="alert" className="text-danger">
              {loaded.failure}
            </p>
            <button
              type="button"
              className={`mt-4 ${buttonSecondary}`}
              onClick={() => void loaded.reload()}
            >
              Try again
            </button>
          </div>
        ) : !bill ? (
          <PageLoading label="Loading your bill..." inPage />
        ) : (
          <>
            <section aria-label="The bill" className={`${card} mt-8 p-4 sm:p-6`}>
              <BillLines bill={bill} />
              {bill.tipCents !== null && bill.status !== 'sent' ? (
                <p className="mt-2 flex justify-between gap-4 text-ink">
                  <span>Tip</span>
                  <span className="font-semibold tabular-nums">{money(bill.tipCents)}</span>
                </p>
              ) : null}
            </section>
            <section
              ref={paymentRef}
              tabIndex={-1}
              aria-label="Payment"
              className={`${card} mt-8 p-4 sm:p-6`}
            >
              <BillStatus
                bill={bill}
                onChanged={(next) => {
                  loaded.set(() => next);
                  requestAnimationFrame(() => paymentRef.current?.focus());
                }}
              />
            </section>
          </>
        )}
      </div>
    </div>
  );
}

/** What the customer may do with the bill as it stands. */
function BillStatus({ bill, onChanged }: { bill: BillView; onChanged: (bill: BillView) => void }) {
  const receiptHref = `/my-appointments/${encodeURIComponent(bill.appointmentId)}/receipt`;
  switch (bill.status) {
    case 'draft':
    case 'sent':
      return <PayBillForm bill={bill} onPaid={onChanged} />;
    case 'charging':
      return (
        <p role="status" className="flex items-center gap-3 text-ink">
          <LoaderCircle
            className="size-5 animate-spin motion-reduce:animate-none"
            aria-hidden="true"
          />
          Charging your card...
        </p>
      );
    case 'payment_due':
      return (
        <div>
          <h2 className="text-lg font-bold text-brand">
            Your bank did not let us charge your card
          </h2>
          <p className="mt-2 text-ink">
            {money(bill.charge?.amountCents ?? bill.balanceCents)} is still to pay. Pay it with
            another card, or the same one, through our secure payment page.
          </p>
          {bill.charge?.linkUrl ? (
            <a
              href={bill.charge.linkUrl}
              className={`mt-4 ${buttonPrimary}`}
              onClick={(event) => {
                // The link lasts a day: ask for the one open now (a fresh one after its day).
                event.preventDefault();
                const fallback = event.currentTarget.href;
                openPaymentLink(bill.appointmentId).then(
                  ({ url }) => window.location.assign(url),
                  () => window.location.assign(fallback),
                );
              }}
            >
              Pay {money(bill.charge.amountCents)}
            </a>
          ) : null}
        </div>
      );
    case 'paid':
    case 'settled':
      return (
        <>
          <div role="status">
            <h2 className="text-lg font-bold text-brand">Thank you, the bill is paid</h2>
            <p className="mt-2 text-ink">
              {bill.status === 'settled'
                ? 'Your deposit covered the ride: there was nothing more to pay.'
                : `We charged ${money(bill.charge?.amountCents ?? 0)} to your card.`}
            </p>
            <Link href={receiptHref} className={`mt-4 ${buttonPrimary}`}>
              See your receipt
            </Link>
          </div>
          {/* The invitation to rate the ride, on the bill's page as in the thank-you email. */}
          <div className="mt-8">
            <RateRide rideId={bill.appointmentId} />
          </div>
        </>
      );
  }
}
