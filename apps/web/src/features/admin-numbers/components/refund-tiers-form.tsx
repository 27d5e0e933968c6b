import { useId, useRef, useState, type FormEvent } from 'react';
import {
  REFUND_TIER_BOUNDS,
  RefundPolicyInputSchema,
  type RefundPolicyState,
  type RefundTier,
} from '@app/shared';
import { SaveRefusal, numberAsTyped, useSettingsSave } from '../../../components/settings-save.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { saveRefundPolicy } from '../api/numbers.ts';

interface DraftTier {
  /** A stable key for React while rows come and go. */
  key: number;
  hoursBefore: string;
  percent: string;
}
type Field = 'hoursBefore' | 'percent';
type Errors = Record<number, Partial<Record<Field, string>>>;

let nextKey = 0;
const draftOf = (tiers: readonly RefundTier[]): DraftTier[] =>
  tiers.map((tier) => ({
    key: nextKey++,
    hoursBefore: String(tier.hoursBefore),
    percent: String(tier.percent),
  }));

/** The policy in the owner's words, as the customer will meet it. */
export function policyInWords(tiers: readonly RefundTier[]): string {
  if (tiers.length === 0)
    return 'No tiers: the booking fee is non-refundable, so a customer’s cancel gives nothing back.';
  const lines = tiers.map(
    (tier) => `${tier.percent}% back from ${tier.hoursBefore} hours before pickup`,
  );
  return `${lines.join('; ')}; nothing back later.`;
}

/**
 * The refund tiers of a customer's cancel (issue 31): rows of "from N hours before pickup, P %
 * of the deposit back", most hours first, checked with the server's own schema (sorted, no two
 * at the same hours, percent 0 to 100) and saved at once. No rows: the booking fee is
 * non-refundable, as the booking policy says.
 */
export function RefundTiersForm({
  policy,
  onSaved,
}: {
  policy: RefundPolicyState;
  onSaved: () => void;
}) {
  const headingId = useId();
  const [draft, setDraft] = useState<DraftTier[]>(() => draftOf(policy.tiers));
  const [errors, setErrors] = useState<Errors>({});
  const { save, sending, refusal, setRefusal } = useSettingsSave();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (index: number, field: Field, value: string) => {
    setDraft((rows) => rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
    setErrors((current) => ({ ...current, [index]: { ...current[index], [field]: undefined } }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    const request = {
      tiers: draft.map((row) => ({
        hoursBefore: numberAsTyped(row.hoursBefore),
        percent: numberAsTyped(row.percent),
      })),
    };
    const parsed = RefundPolicyInputSchema.safeParse(request);
    if (!parsed.success) {
      const found: Errors = {};
      let whole: string | undefined;
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        if (typeof index !== 'number') {
          whole ??= issue.message;
          continue;
        }
        // A row out of order or at another row's hours: said on its hours.
        const at: Field = field === 'percent' ? 'percent' : 'hoursBefore';
        found[index] = { [at]: issue.message, ...found[index] };
      }
      setErrors(found);
      setRefusal(whole);
      const first = Object.keys(found).map(Number).sort()[0];
      if (first !== undefined) {
        const field = found[first]?.hoursBefore ? 'hoursBefore' : 'percent';
        formRef.current?.querySelector<HTMLElement>(`[name="${field}-${first}"]`)?.focus();
      }
      return;
    }
    await save(
      () => saveRefundPolicy(parsed.data),
      ({ message, policy: saved }) => {
        setDraft(draftOf(saved.tiers));
        onSaved();
        return message;
      },
    );
  }

  return (
    <section aria-labelledby={headingId} className={`${card} mt-6 p-4 sm:p-6`}>
      <h2 id={headingId} className="text-xl font-semibold text-brand">
        Cancellation refunds
        <span className="block text-sm font-normal text-ink-muted">
          What a customer’s own cancel gives back of the deposit, by how long before pickup they
          cancel. The customer sees the amount before confirming; the refund goes to their card by
          itself.
        </span>
      </h2>
      <p className="mt-3 text-sm text-ink">{policyInWords(policy.tiers)}</p>
      <form
        ref={formRef}
        noValidate
        aria-label="Refund tiers"
        onSubmit={(event) => void onSubmit(event)}
        className="mt-4 rounded-xl bg-canvas p-3 sm:p-4"
      >
        {draft.length === 0 ? (
          <p className="text-sm text-ink-muted">
            No tiers. Add one to give part or all of the deposit back.
          </p>
        ) : (
          <ol className="grid gap-4">
            {draft.map((row, index) => (
              <li key={row.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                <TextField
                  label={`Tier ${index + 1}: from hours before pickup`}
                  name={`hoursBefore-${index}`}
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  value={row.hoursBefore}
                  error={errors[index]?.hoursBefore}
                  hint={`At least this many hours before. Most hours first; 0 to ${REFUND_TIER_BOUNDS.hoursBefore.max}.`}
                  onChange={(event) => change(index, 'hoursBefore', event.target.value)}
                />
                <TextField
                  label={`Tier ${index + 1}: percent of the deposit back`}
                  name={`percent-${index}`}
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  value={row.percent}
                  error={errors[index]?.percent}
                  hint="0 to 100."
                  onChange={(event) => change(index, 'percent', event.target.value)}
                />
                <button
                  type="button"
                  className={`${buttonSecondary} sm:mt-7`}
                  onClick={() => {
                    setDraft((rows) => rows.filter((_, i) => i !== index));
                    setErrors({});
                  }}
                >
                  Remove tier {index + 1}
                </button>
              </li>
            ))}
          </ol>
        )}
        <SaveRefusal refusal={refusal} />
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" disabled={sending} className={buttonPrimary}>
            {sending ? 'Saving...' : 'Save refund tiers'}
          </button>
          {draft.length < REFUND_TIER_BOUNDS.maxTiers ? (
            <button
              type="button"
              className={buttonSecondary}
              onClick={() =>
                setDraft((rows) => [...rows, { key: nextKey++, hoursBefore: '', percent: '' }])
              }
            >
              Add a tier
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
