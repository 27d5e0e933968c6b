import { useId, useState, type FormEvent } from 'react';
import { FEEDBACK_EMOJIS, OwnerFeedbackQuerySchema } from '@app/shared';
import { inputClass, labelClass } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { NO_FILTERS, type FeedbackFilters } from '../hooks/use-feedback.ts';
import { MOOD_LABELS } from './mood.ts';

/** The Feedback screen's filters: rating, mood, and a New York date range. */
export function FeedbackFilterForm({
  value,
  onApply,
}: {
  value: FeedbackFilters;
  onApply: (filters: FeedbackFilters) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [rangeError, setRangeError] = useState<string>();
  const ids = { rating: useId(), mood: useId(), from: useId(), to: useId(), error: useId() };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own checks: a last day before the first is said beside it.
    const parsed = OwnerFeedbackQuerySchema.safeParse(draft);
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    setRangeError(issue?.message);
    if (issue) {
      document.getElementById(issue.path[0] === 'from' ? ids.from : ids.to)?.focus();
      return;
    }
    onApply(draft);
  }

  const set = (field: keyof FeedbackFilters) => (next: string) => {
    setDraft((current) => ({ ...current, [field]: next }));
    setRangeError(undefined);
  };

  return (
    <form
      role="search"
      aria-label="Filter feedback"
      noValidate
      onSubmit={onSubmit}
      className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-start"
    >
      <div>
        <label htmlFor={ids.rating} className={labelClass}>
          Rating
        </label>
        <select
          id={ids.rating}
          name="rating"
          value={draft.rating}
          onChange={(event) => set('rating')(event.target.value)}
          className={`mt-1.5 ${inputClass}`}
        >
          <option value="">Any rating</option>
          {[5, 4, 3, 2, 1, 0].map((n) => (
            <option key={n} value={String(n)}>
              {n} of 5
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.mood} className={labelClass}>
          Mood
        </label>
        <select
          id={ids.mood}
          name="mood"
          value={draft.mood}
          onChange={(event) => set('mood')(event.target.value)}
          className={`mt-1.5 ${inputClass}`}
        >
          <option value="">Any mood</option>
          {FEEDBACK_EMOJIS.map((mood) => (
            <option key={mood} value={mood}>
              {MOOD_LABELS[mood]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.from} className={labelClass}>
          From
        </label>
        <input
          id={ids.from}
          name="from"
          type="date"
          value={draft.from}
          onChange={(event) => set('from')(event.target.value)}
          className={`mt-1.5 ${inputClass}`}
        />
      </div>
      <div>
        <label htmlFor={ids.to} className={labelClass}>
          To
        </label>
        <input
          id={ids.to}
          name="to"
          type="date"
          value={draft.to}
          aria-invalid={rangeError ? true : undefined}
          aria-describedby={rangeError ? ids.error : undefined}
          onChange={(event) => set('to')(event.target.value)}
          className={`mt-1.5 ${inputClass} ${rangeError ? 'border-danger' : ''}`}
        />
        {rangeError ? (
          <p id={ids.error} className="mt-1.5 text-sm text-danger">
            {rangeError}
          </p>
        ) : null}
      </div>
      <div className="flex gap-3 lg:mt-7">
        <button type="submit" className={buttonPrimary}>
          Filter
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(NO_FILTERS);
            setRangeError(undefined);
            onApply(NO_FILTERS);
          }}
          className={buttonSecondary}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
