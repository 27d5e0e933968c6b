import { useId, useState, type FormEvent } from 'react';
import { PayBillSchema, formatReceiptCard, type BillView, type PayBillRequest } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { payBill } from '../api/bill.ts';
import { centsOfDollars, money } from '../../../lib/money.ts';
import { TipChooser, type TipPick } from './tip-chooser.tsx';

/** The owner's default, preselected, when it is one of the offered percentages. */
function defaultPick(bill: BillView): TipPick | undefined {
  const percent = String(bill.defaultTipPercent);
  return percent === '15' || percent === '20' || percent === '25' ? percent : undefined;
}

/** The tip a pick comes to, in cents (NaN for another amount not yet typed right). */
function tipCents(bill: BillView, pick: TipPick | undefined, other: string): number {
  if (pick === '15' || pick === '20' || pick === '25') return bill.tips[pick];
  if (pick === 'other') return centsOfDollars(other);
  return 0;
}

/** A sent bill's tip and the consent to charge the card the ride was booked with. */
export function PayBillForm({
  bill,
  onPaid,
}: {
  bill: BillView;
  onPaid: (bill: BillView) => void;
}) {
  const [pick, setPick] = useState<TipPick | undefined>(() => defaultPick(bill));
  const [other, setOther] = useState('');
  const [otherError, setOtherError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const otherFieldId = useId();

  const tip = tipCents(bill, pick, other);
  const charged = bill.balanceCents + (Number.isNaN(tip) ? 0 : tip);
  const card = bill.charge?.card ? formatReceiptCard(bill.charge.card) : undefined;
  const deadline = bill.tipDueAt ? new Date(bill.tipDueAt) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const request: PayBillRequest =
      pick === 'other'
        ? { choice: 'other', tipCents: centsOfDollars(other) }
        : { choice: pick ?? 'none' };
    const parsed = PayBillSchema.safeParse(request);
    if (!parsed.success) {
      setOtherError(parsed.error.issues[0]?.message);
      // The one field that can be wrong is the other amount: back to it, its message read.
      requestAnimationFrame(() => document.getElementById(otherFieldId)?.focus());
      return;
    }
    setOtherError(undefined);
    setBusy(true);
    payBill(bill.appointmentId, parsed.data)
      .then(onPaid)
      .catch((error: unknown) => setFailure(failureMessage(error, 'load')))
      .finally(() => setBusy(false));
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Tip and pay" className="grid gap-5">
      <TipChooser
        tips={bill.tips}
        pick={pick}
        onPick={(next) => {
          setPick(next);
          setOtherError(undefined);
        }}
        other={other}
        onOther={setOther}
        otherError={otherError}
        otherId={otherFieldId}
        disabled={busy}
      />
      {bill.defaultTipPercent > 0 && deadline ? (
        <p className="text-sm text-ink-muted">
          If nothing is chosen by{' '}
          {deadline.toLocaleString('en-US', {
            timeZone: 'America/New_York',
            dateStyle: 'long',
            timeStyle: 'short',
          })}
          , a tip of {bill.defaultTipPercent} % applies.
        </p>
      ) : null}
      <p className="rounded-xl bg-brand-tint p-3 text-ink" aria-live="polite">
        We will charge <strong className="tabular-nums">{money(charged)}</strong> to the card you
        booked with{card ? ` (${card})` : ''}.
      </p>
      {failure ? (
        <p role="alert" className="text-danger">
          {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={busy} className={buttonPrimary}>
          {busy ? 'Paying...' : `Pay ${money(charged)}`}
        </button>
      </div>
    </form>
  );
}
