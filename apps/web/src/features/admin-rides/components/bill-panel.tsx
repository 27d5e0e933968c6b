import { useRef, useState } from 'react';
import { BILL_STATUS_LABELS, type BillStatus, type BillView } from '@app/shared';
import { API_BASE } from '../../../config/env.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { buttonSecondary } from '../../../components/ui/styles.ts';
import { BillLines } from '../../../components/bill-lines.tsx';
import { money } from '../../../lib/money.ts';
import { getRideBill, rideReceiptPdfPath } from '../api/bills.ts';
import { BillDraftForm } from './bill-draft-form.tsx';

/** A bill's state in the owner's words (the board's short labels are `BILL_STATUS_LABELS`). */
export const BILL_STATUS_WORDS: Record<BillStatus, string> = {
  draft: 'Draft: not sent yet',
  sent: 'Sent: waiting for the customer’s tip',
  charging: 'Charging the customer’s card',
  paid: 'Paid',
  payment_due: BILL_STATUS_LABELS.payment_due,
  settled: 'Settled: the deposit covered it',
};

const CHARGE_WORDS: Record<NonNullable<BillView['charge']>['status'], string> = {
  pending: 'waiting for the bank',
  succeeded: 'charged',
  requires_action: 'the bank asks the customer to confirm',
  declined: 'declined',
  paid_by_link: 'paid through the payment link',
};

const hasReceipt = (status: BillStatus) => status === 'paid' || status === 'settled';

/**
 * A completed ride's bill on its page in the console: the draft to adjust and send, then how
 * the customer's tip and payment stand, and the receipt once paid.
 */
export function BillPanel({ rideId }: { rideId: string }) {
  const loaded = useLoad(() => getRideBill(rideId), [rideId]);
  const [busy, setBusy] = useState(false);
  /** Why the form shows the bill afresh: someone else saved it first. */
  const [stale, setStale] = useState<string | undefined>();
  // After a save, a send or a refusal the form is drawn afresh: focus goes to what it now says.
  const statusRef = useRef<HTMLParagraphElement>(null);
  const focusStatus = () => requestAnimationFrame(() => statusRef.current?.focus());
  const bill = loaded.data;
  const missing = loaded.error instanceof ApiError && loaded.error.status === 404;

  return (
    <section aria-labelledby="bill-heading" className="mt-6 rounded-xl bg-canvas p-3 sm:p-4">
      <h3 id="bill-heading" className="text-lg font-bold text-brand">
        Bill
      </h3>
      {missing ? (
        <p className="mt-2 text-ink-muted">
          This ride has no bill: one is drafted when a ride is marked completed.
        </p>
      ) : loaded.failure && !bill ? (
        <div className="mt-2">
          <p role="alert" className="text-danger">
            {loaded.failure}
          </p>
          <button
            type="button"
            className={`mt-3 ${buttonSecondary}`}
            onClick={() => void loaded.reload()}
          >
            Try again
          </button>
        </div>
      ) : !bill ? (
        <p role="status" className="mt-2 text-ink-muted">
          Loading the bill...
        </p>
      ) : (
        <>
          <p ref={statusRef} tabIndex={-1} role="status" className="mt-1 font-semibold text-ink">
            {BILL_STATUS_WORDS[bill.status]}
          </p>
          {stale ? (
            <p role="alert" className="mt-2 text-danger">
              {stale}
            </p>
          ) : null}
          {bill.status === 'draft' ? (
            <BillDraftForm
              // A saved or reloaded bill starts the form afresh from its lines.
              key={bill.version}
              bill={bill}
              busy={busy}
              setBusy={setBusy}
              onSaved={(saved, message) => {
                setStale(undefined);
                loaded.set(() => saved);
                focusStatus();
                notify('success', message);
              }}
              onStale={(message) => {
                setStale(message);
                void loaded.reload().then(focusStatus);
              }}
            />
          ) : (
            <SentBill bill={bill} />
          )}
        </>
      )}
    </section>
  );
}

/** A sent bill as it stands: its lines, the tip and the charge, the receipt once paid. */
function SentBill({ bill }: { bill: BillView }) {
  return (
    <div className="mt-3">
      <BillLines bill={bill} />
      <dl className="mt-3 grid gap-1 text-sm text-ink">
        <div>
          <dt className="inline font-semibold">Tip: </dt>
          <dd className="inline">
            {bill.tipCents === null ? 'not chosen yet' : money(bill.tipCents)}
          </dd>
        </div>
        {bill.charge ? (
          <div>
            <dt className="inline font-semibold">Charge: </dt>
            <dd className="inline">
              {money(bill.charge.amountCents)}, {CHARGE_WORDS[bill.charge.status]}
            </dd>
          </div>
        ) : null}
      </dl>
      {hasReceipt(bill.status) ? (
        <a
          href={`${API_BASE}${rideReceiptPdfPath(bill.appointmentId)}`}
          download
          className={`mt-3 ${buttonSecondary}`}
        >
          Receipt (PDF)
        </a>
      ) : null}
    </div>
  );
}
