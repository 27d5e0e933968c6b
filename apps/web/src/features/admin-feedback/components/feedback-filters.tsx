import { FEEDBACK_EMOJIS, OwnerFeedbackQuerySchema } from '@app/shared';
import { DateRangeFields } from '../../../components/filters/date-range-fields.tsx';
import { FilterForm } from '../../../components/filters/filter-form.tsx';
import {
  useFilterDraft,
  type FilterFormProps,
} from '../../../components/filters/use-filter-draft.ts';
import { SelectField } from '../../../components/ui/form-field.tsx';
import { NO_FILTERS, type FeedbackFilters } from '../api/feedback.ts';
import { MOOD_LABELS } from './mood.ts';

/** The two choices before the dates, each with its "any" first. */
const CHOICES = [
  {
    field: 'rating',
    label: 'Rating',
    options: [
      { value: '', label: 'Any rating' },
      ...[5, 4, 3, 2, 1, 0].map((n) => ({ value: String(n), label: `${n} of 5` })),
    ],
  },
  {
    field: 'mood',
    label: 'Mood',
    options: [
      { value: '', label: 'Any mood' },
      ...FEEDBACK_EMOJIS.map((mood) => ({ value: mood, label: MOOD_LABELS[mood] })),
    ],
  },
] as const;

/** The Feedback screen's filters: rating, mood, and a New York date range. */
export function FeedbackFilterForm(props: FilterFormProps<FeedbackFilters>) {
  const filters = useFilterDraft(props, NO_FILTERS);
  const { draft } = filters;
  // A change takes back what the last check said.
  const set = (change: Partial<FeedbackFilters>) => {
    filters.set(change);
    filters.setError(undefined);
  };

  function submit(form: HTMLFormElement) {
    // The server's own checks: a last day before the first is said beside it.
    const parsed = OwnerFeedbackQuerySchema.safeParse(draft);
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    filters.setError(issue?.message);
    if (!issue) {
      props.onApply(draft);
      return;
    }
    const field = form.elements.namedItem(issue.path[0] === 'from' ? 'from' : 'to');
    if (field instanceof HTMLInputElement) field.focus();
  }

  return (
    <FilterForm
      label="Filter feedback"
      className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-start"
      actionsClassName="lg:mt-7"
      onSubmit={submit}
      onClear={filters.clear}
    >
      {CHOICES.map(({ field, label, options }) => (
        <SelectField
          key={field}
          label={label}
          name={field}
          value={draft[field]}
          onChange={(event) => set({ [field]: event.target.value })}
          options={options}
        />
      ))}
      <DateRangeFields value={draft} onChange={set} error={filters.error} />
    </FilterForm>
  );
}
