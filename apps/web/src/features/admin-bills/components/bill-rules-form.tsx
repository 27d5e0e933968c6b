import { useRef, useState, type FormEvent } from 'react';
import { BILL_RULE_BOUNDS, BillRulesSchema, type BillRules } from '@app/shared';
import {
  SaveRefusal,
  fieldIssues,
  numberAsTyped,
  useSettingsSave,
} from '../../../components/settings-save.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, card } from '../../../components/ui/styles.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { getBillRules, saveBillRules, type BillRulesState } from '../api/bills.ts';

type RuleKey = keyof BillRules;
const RULE_KEYS: readonly RuleKey[] = [
  'waitingGraceMinutes',
  'defaultTipPercent',
  'tipWindowHours',
  'autoSendHours',
];
type Draft = Record<RuleKey, string>;

const FIELDS: Record<RuleKey, { label: string; hint: string }> = {
  waitingGraceMinutes: {
    label: 'Free waiting at pickup (minutes)',
    hint: 'Waiting beyond this is billed at the ride’s own rate.',
  },
  defaultTipPercent: {
    label: 'Default tip (%)',
    hint: 'Applied when the customer chooses nothing in time; 0 for none.',
  },
  tipWindowHours: {
    label: 'Time to choose a tip (hours)',
    hint: 'After the bill is sent; then the bill is charged with the default tip.',
  },
  autoSendHours: {
    label: 'Send bills by themselves after (hours)',
    hint: 'After the ride is marked completed; leave empty to always send by hand.',
  },
};

const draftOf = (rules: BillRules): Draft =>
  Object.fromEntries(
    RULE_KEYS.map((key) => [key, rules[key] === null ? '' : String(rules[key])]),
  ) as Draft;

/** The owner's four rules for bills after the ride. */
export function BillRulesSection() {
  const loaded = useLoad(getBillRules);
  return (
    <section aria-labelledby="bill-rules-title" className={`${card} mt-6 p-4 sm:p-6`}>
      <h2 id="bill-rules-title" className="text-xl font-bold text-brand">
        Bills after the ride
      </h2>
      {loaded.data ? (
        <BillRulesForm
          rules={loaded.data}
          ownerSet={loaded.data.ownerSet}
          onSaved={(saved) => loaded.set(() => saved)}
        />
      ) : loaded.failure ? (
        <p role="alert" className="mt-3 text-danger">
          {loaded.failure}
        </p>
      ) : (
        <p role="status" className="mt-3 text-ink-muted">
          Loading the rules...
        </p>
      )}
    </section>
  );
}

function BillRulesForm({
  rules,
  ownerSet,
  onSaved,
}: {
  rules: BillRules;
  ownerSet: boolean;
  onSaved: (saved: BillRulesState) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(rules));
  const [errors, setErrors] = useState<Partial<Record<RuleKey, string>>>({});
  const { save, sending, refusal, setRefusal } = useSettingsSave();
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setRefusal(undefined);
    const parsed = BillRulesSchema.safeParse({
      waitingGraceMinutes: numberAsTyped(draft.waitingGraceMinutes),
      defaultTipPercent: numberAsTyped(draft.defaultTipPercent),
      tipWindowHours: numberAsTyped(draft.tipWindowHours),
      autoSendHours: draft.autoSendHours.trim() === '' ? null : numberAsTyped(draft.autoSendHours),
    });
    if (!parsed.success) {
      const found = fieldIssues<RuleKey>(parsed.error.issues);
      setErrors(found);
      const first = RULE_KEYS.find((key) => found[key]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    await save(
      () => saveBillRules(parsed.data),
      (saved) => {
        // The form stays (and the focus with it), showing the rules as saved.
        setDraft(draftOf(saved));
        onSaved(saved);
        return 'The rules for bills are saved.';
      },
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="mt-2">
      <p className="text-sm text-ink-muted">
        {ownerSet ? 'Saved from this page.' : 'The defaults, until you save your own.'}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {RULE_KEYS.map((key) => (
          <TextField
            key={key}
            name={key}
            label={FIELDS[key].label}
            hint={`${FIELDS[key].hint} From ${BILL_RULE_BOUNDS[key].min} to ${BILL_RULE_BOUNDS[key].max}.`}
            error={errors[key]}
            inputMode="numeric"
            autoComplete="off"
            value={draft[key]}
            onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
          />
        ))}
      </div>
      <SaveRefusal refusal={refusal} className="mt-3 text-danger" />
      {/* Not disabled while saving: the focus stays on it, for the keyboard. */}
      <button type="submit" aria-disabled={sending} className={`mt-4 ${buttonPrimary}`}>
        Save the rules
      </button>
    </form>
  );
}
