import { useId, useRef, useState, type FormEvent } from 'react';
import {
  AdjustBillSchema,
  ENTERED_LINE_KINDS,
  billBalance,
  type AdjustBillRequest,
  type BillView,
  type EnteredLineKind,
} from '@app/shared';
import { ApiError, failureMessage } from '../../../lib/api-client.ts';
import { inputClass, labelClass } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { money } from '../../../lib/money.ts';
import { adjustRideBill, sendRideBill } from '../api/bills.ts';
import {
  NEW_LINE_LABELS,
  draftLinesOf,
  draftTotal,
  isEntered,
  linesOfDraft,
  newDraftLine,
  type DraftLine,
} from '../utils/bill-draft.ts';

/** What a check found wrong: by `index.field`, and the bill's own (its ride line, its size). */
type Errors = Record<string, string>;

/**
 * The draft's lines to edit (each label and amount; tolls, parking and adjustments to add or
 * remove), saved on the version the owner saw, and the button that sends the bill.
 */
export function BillDraftForm({
  bill,
  busy,
  setBusy,
  onSaved,
  onStale,
}: {
  bill: BillView;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onSaved: (bill: BillView, message: string) => void;
  /** The bill changed since it was shown: why, to say over the bill as it now is. */
  onStale: (message: string) => void;
}) {
  const [lines, setLines] = useState<DraftLine[]>(() => draftLinesOf(bill));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [changed, setChanged] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const total = draftTotal(lines);
  const edit = (key: string, patch: Partial<DraftLine>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
    setChanged(true);
  };
  const add = (kind: EnteredLineKind) => {
    const line = newDraftLine(kind);
    setLines((current) => [...current, line]);
    setChanged(true);
    requestAnimationFrame(() => document.getElementById(`${id}-${line.key}-amount`)?.focus());
  };
  const remove = (key: string) => {
    setLines((current) => current.filter((line) => line.key !== key));
    setChanged(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[data-add]')?.focus());
  };

  /** The lines to save, or undefined with the first wrong field focused and each said. */
  function checked(): AdjustBillRequest | undefined {
    setFailure(undefined);
    const parsed = AdjustBillSchema.safeParse({
      version: bill.version,
      lines: linesOfDraft(lines),
    });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found: Errors = {};
    for (const issue of parsed.error.issues) {
      const [, index, field] = issue.path;
      const where = typeof index === 'number' && field ? `${index}.${String(field)}` : 'bill';
      found[where] ??= issue.message;
    }
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first && first !== 'bill') {
      const [index, field] = first.split('.');
      const line = lines[Number(index)];
      const which = field === 'label' ? 'label' : 'amount';
      if (line) document.getElementById(`${id}-${line.key}-${which}`)?.focus();
    }
    return undefined;
  }

  /** Saves checked lines; answers the bill as saved, or undefined when it was refused. */
  async function save(request: AdjustBillRequest): Promise<BillView | undefined> {
    try {
      return await adjustRideBill(bill.appointmentId, request);
    } catch (error) {
      // Someone saved the bill since it was shown: the owner sees it as it now is, and why.
      if (error instanceof ApiError && error.status === 409) onStale(failureMessage(error, 'load'));
      else setFailure(failureMessage(error, 'load'));
      return undefined;
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Checked before the form is disabled for the call, so focus can go to a wrong field.
    const request = checked();
    if (!request) return;
    setBusy(true);
    const saved = await save(request);
    setBusy(false);
    if (saved) onSaved(saved, 'The bill is saved.');
  }

  async function onSend() {
    // Unsaved changes go first: the customer gets the bill as the form shows it.
    const request = changed ? checked() : undefined;
    if (changed && !request) return;
    setBusy(true);
    try {
      const saved = request ? await save(request) : bill;
      if (!saved) return;
      onSaved(await sendRideBill(bill.appointmentId), 'The bill is sent to the customer.');
    } catch (error) {
      setFailure(failureMessage(error, 'load'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="mt-3">
      <fieldset disabled={busy} className="grid gap-3">
        <legend className="sr-only">The bill’s lines</legend>
        {lines.map((line, index) => {
          const labelError = errors[`${index}.label`];
          const amountError = errors[`${index}.amountCents`];
          const labelId = `${id}-${line.key}-label`;
          const amountId = `${id}-${line.key}-amount`;
          return (
            <div
              key={line.key}
              className="grid gap-2 rounded-lg border border-line bg-surface p-2 sm:grid-cols-[1fr_9rem_auto] sm:items-end"
            >
              <div>
                <label htmlFor={labelId} className={labelClass}>
                  Line {index + 1}
                </label>
                <input
                  id={labelId}
                  value={line.label}
                  onChange={(event) => edit(line.key, { label: event.target.value })}
                  aria-invalid={labelError ? true : undefined}
                  aria-describedby={labelError ? `${labelId}-error` : undefined}
                  className={`mt-1 ${inputClass}${labelError ? ' border-danger' : ''}`}
                />
                {labelError ? (
                  <p id={`${labelId}-error`} className="mt-1 text-sm text-danger">
                    {labelError}
                  </p>
                ) : null}
              </div>
              <div>
                <label htmlFor={amountId} className={labelClass}>
                  Amount ($) of line {index + 1}
                </label>
                <input
                  id={amountId}
                  inputMode="decimal"
                  autoComplete="off"
                  value={line.amount}
                  onChange={(event) => edit(line.key, { amount: event.target.value })}
                  aria-invalid={amountError ? true : undefined}
                  aria-describedby={amountError ? `${amountId}-error` : undefined}
                  className={`mt-1 ${inputClass}${amountError ? ' border-danger' : ''}`}
                />
                {amountError ? (
                  <p id={`${amountId}-error`} className="mt-1 text-sm text-danger">
                    {amountError}
                  </p>
                ) : null}
              </div>
              {isEntered(line.kind) ? (
                <button
                  type="button"
                  className={buttonSecondary}
                  onClick={() => remove(line.key)}
                  aria-label={`Remove line ${index + 1}, ${line.label || NEW_LINE_LABELS[line.kind]}`}
                >
                  Remove
                </button>
              ) : null}
            </div>
          );
        })}
        <div className="flex flex-wrap gap-2">
          {ENTERED_LINE_KINDS.map((kind, index) => (
            <button
              key={kind}
              type="button"
              data-add={index === 0 ? true : undefined}
              className={buttonSecondary}
              onClick={() => add(kind)}
            >
              Add {NEW_LINE_LABELS[kind].toLowerCase()}
            </button>
          ))}
        </div>
        <dl className="grid gap-1 text-ink">
          <div className="flex justify-between gap-4">
            <dt className="font-semibold">The ride came to</dt>
            <dd className="tabular-nums font-semibold">{money(total)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>Deposit paid</dt>
            <dd className="tabular-nums">{money(-bill.depositCents)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="font-semibold">Balance</dt>
            <dd className="tabular-nums font-semibold">
              {money(
                billBalance([{ kind: 'ride', label: '', amountCents: total }], bill.depositCents),
              )}
            </dd>
          </div>
        </dl>
        {errors.bill ? (
          <p role="alert" className="text-danger">
            {errors.bill}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-danger">
            {failure}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonSecondary}>
            Save the bill
          </button>
          <button type="button" className={buttonPrimary} onClick={() => void onSend()}>
            Send the bill
          </button>
        </div>
      </fieldset>
    </form>
  );
}
