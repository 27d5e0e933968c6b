import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CHAUFFEUR_LINE_KINDS,
  CHAUFFEUR_LINE_LABELS,
  ChauffeurBillLineSchema,
  chauffeurLineLabel,
  type ChauffeurLineKind,
  type DriveRide,
} from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { centsOfDollars, money } from '../../../lib/money.ts';
import { notify } from '../../../lib/notify.ts';
import { isOffline } from '../../../lib/offline-copy.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { buttonSecondary } from '../../../components/ui/styles.ts';
import { addBillLine } from '../api/drive.ts';

const KIND_OPTIONS = CHAUFFEUR_LINE_KINDS.map((kind) => ({
  value: kind,
  label: CHAUFFEUR_LINE_LABELS[kind],
}));

const NO_SIGNAL = 'No signal: the amount was not sent. Add it again when you have one.';

/** What the check found wrong, by field. */
type Errors = Partial<Record<'amountCents' | 'note', string>>;

/**
 * A done ride's tolls and parking on the chauffeur's card: those on its bill, and while the
 * bill is a draft (the owner has not sent it) a form to add one paid on the road, which the
 * owner then sees on the bill they review. `readOnly` (the offline copy) lists them only.
 */
export function TollsAndParking({
  ride,
  bill,
  readOnly,
  onChanged,
}: {
  ride: DriveRide;
  bill: NonNullable<DriveRide['bill']>;
  readOnly: boolean;
  onChanged: (ride: DriveRide) => void;
}) {
  const id = useId();
  const [kind, setKind] = useState<ChauffeurLineKind>('toll');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const open = bill.status === 'draft' && !readOnly;
  // The form is disabled for the call: once enabled again, the keyboard goes on from the amount.
  const refocus = useRef(false);
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    document.getElementById(`${id}-amount`)?.focus();
  }, [busy, id]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const parsed = ChauffeurBillLineSchema.safeParse({
      kind,
      amountCents: centsOfDollars(amount),
      note: note.trim() || undefined,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        // The kind comes from the select's own choices: only the typed fields can be wrong.
        const field = issue.path[0] === 'note' ? 'note' : 'amountCents';
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = found.amountCents ? 'amount' : found.note ? 'note' : undefined;
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await addBillLine(ride.id, parsed.data);
      setAmount('');
      setNote('');
      onChanged(answer.ride);
      const label = chauffeurLineLabel(parsed.data.kind, parsed.data.note);
      notify('success', `${label} (${money(parsed.data.amountCents)}) added to the bill.`);
    } catch (error) {
      setFailure(isOffline(error) ? NO_SIGNAL : failureMessage(error, 'load'));
    } finally {
      refocus.current = true;
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 rounded-xl bg-canvas p-3">
      <h4 id={`${id}-title`} className="text-sm font-semibold text-ink">
        Tolls and parking
      </h4>
      {bill.lines.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-sm text-ink">
          {bill.lines.map((line, index) => (
            <li key={index} className="flex justify-between gap-4">
              <span>{line.label}</span>
              <span className="tabular-nums">{money(line.amountCents)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-ink-muted">None on the bill.</p>
      )}
      {bill.status !== 'draft' ? (
        <p className="mt-2 text-sm text-ink-muted">
          The bill is sent: ask the owner to change anything on it.
        </p>
      ) : null}
      {open ? (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3">
          <fieldset disabled={busy} className="grid gap-3 sm:grid-cols-[9rem_9rem_1fr]">
            <legend className="sr-only">Add a toll or parking you paid</legend>
            <SelectField
              label="Paid for"
              options={KIND_OPTIONS}
              value={kind}
              onChange={(event) => setKind(event.target.value as ChauffeurLineKind)}
            />
            <TextField
              id={`${id}-amount`}
              label="Amount ($)"
              inputMode="decimal"
              autoComplete="off"
              required
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              error={errors.amountCents}
            />
            <TextField
              id={`${id}-note`}
              label="Note (optional)"
              autoComplete="off"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              error={errors.note}
              hint="Where, for the bill: Mass Pike, Logan garage."
            />
          </fieldset>
          {failure ? (
            <p role="alert" className="mt-2 text-sm text-danger">
              {failure}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className={`${buttonSecondary} mt-3 w-full sm:w-auto`}
          >
            Add to the bill
          </button>
        </form>
      ) : null}
    </section>
  );
}
