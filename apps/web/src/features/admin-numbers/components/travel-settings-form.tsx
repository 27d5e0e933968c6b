import { useRef, useState, type FormEvent } from 'react';
import {
  TRAVEL_SETTING_FIELDS,
  TRAVEL_SETTING_KEYS,
  TravelSettingsInputSchema,
  type DriveBandTimes,
  type TravelSettingKey,
  type TravelSettingsInput,
  type TravelSettingsState,
} from '@app/shared';
import {
  SaveRefusal,
  fieldIssues,
  numberAsTyped,
  useSettingsSave,
} from '../../../components/settings-save.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { saveTravelSettings } from '../api/numbers.ts';
import { suggestionsOf } from '../utils/suggestions.ts';

type Draft = Record<TravelSettingKey, string>;
type Errors = Partial<Record<TravelSettingKey, string>>;

/** What each number means, in the owner's words. */
const MEANINGS: Record<TravelSettingKey, string> = {
  roadFactor: 'Road miles per straight-line mile.',
  dayMph: 'Average door-to-door speed by day, outside rush hours.',
  nightMph: 'Average door-to-door speed at night.',
  rushMultiplier: 'How many times longer a drive takes in a weekday rush hour.',
};

const draftOf = (values: TravelSettingsInput): Draft =>
  Object.fromEntries(TRAVEL_SETTING_KEYS.map((key) => [key, String(values[key])])) as Draft;

/**
 * The owner's numbers for the offline drive estimate, prefilled with those in force: typed, or
 * taken from what the measured drives suggest, then saved. The server checks them with the same
 * schema; the next quotes and bookings use them.
 */
export function TravelSettingsForm({
  settings,
  bands,
  onSaved,
}: {
  settings: TravelSettingsState;
  bands: readonly DriveBandTimes[];
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings.values));
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const { save, sending, refusal, setRefusal } = useSettingsSave();
  const formRef = useRef<HTMLFormElement>(null);
  const suggested = suggestionsOf(bands);
  const canSuggest = Object.keys(suggested).length > 0;

  const fill = (values: Partial<TravelSettingsInput>, said: string) => {
    setDraft((current) => {
      const next = { ...current };
      for (const key of TRAVEL_SETTING_KEYS) {
        const value = values[key];
        if (value !== undefined) next[key] = String(value);
      }
      return next;
    });
    setErrors({});
    setStatus(said);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRefusal(undefined);
    setStatus('');
    const request = Object.fromEntries(
      TRAVEL_SETTING_KEYS.map((key) => [key, numberAsTyped(draft[key])]),
    ) as TravelSettingsInput;
    const parsed = TravelSettingsInputSchema.safeParse(request);
    if (!parsed.success) {
      const found = fieldIssues<TravelSettingKey>(parsed.error.issues);
      setErrors(found);
      const first = TRAVEL_SETTING_KEYS.find((key) => found[key]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    await save(
      () => saveTravelSettings(parsed.data),
      ({ message, settings: saved }) => {
        // The form stays where it is (and the focus with it), showing the numbers as saved.
        setDraft(draftOf(saved.values));
        onSaved();
        return message;
      },
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby="travel-settings-title"
      onSubmit={(event) => void onSubmit(event)}
      className="mt-6 rounded-xl bg-canvas p-3 sm:p-4"
    >
      <h3 id="travel-settings-title" className="font-semibold text-ink">
        The estimate’s numbers
      </h3>
      <p className="mt-1 text-sm text-ink-muted">
        {settings.ownerSet
          ? 'Saved from this page. New quotes and bookings use them.'
          : 'The server’s defaults, until you save your own.'}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {TRAVEL_SETTING_KEYS.map((key) => {
          const { label, min, max } = TRAVEL_SETTING_FIELDS[key];
          return (
            <TextField
              key={key}
              label={label}
              name={key}
              inputMode="decimal"
              autoComplete="off"
              required
              value={draft[key]}
              error={errors[key]}
              hint={`${MEANINGS[key]} From ${min} to ${max}; default ${settings.defaults[key]}.`}
              onChange={(event) => {
                const { value } = event.target;
                setDraft((current) => ({ ...current, [key]: value }));
                setErrors((current) => ({ ...current, [key]: undefined }));
              }}
            />
          );
        })}
      </div>
      <p role="status" className="mt-3 text-sm text-ink-muted empty:hidden">
        {status}
      </p>
      <SaveRefusal refusal={refusal} />
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" disabled={sending} className={buttonPrimary}>
          {sending ? 'Saving...' : 'Save'}
        </button>
        {canSuggest ? (
          <button
            type="button"
            className={buttonSecondary}
            onClick={() =>
              fill(suggested, 'The suggested values are filled in. Check them, then save.')
            }
          >
            Use the suggested values
          </button>
        ) : null}
        <button
          type="button"
          className={buttonSecondary}
          onClick={() =>
            fill(settings.defaults, 'The server’s defaults are filled in. Save to use them.')
          }
        >
          Use the defaults
        </button>
      </div>
    </form>
  );
}
