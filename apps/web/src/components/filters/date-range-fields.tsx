import { TextField } from '../ui/form-field.tsx';

export interface DateRange {
  from: string;
  to: string;
}

/**
 * A range of days, From and To (`YYYY-MM-DD`, empty for none): what is wrong with the range is
 * said under To; `hints` say what an empty end means.
 */
export function DateRangeFields({
  value,
  onChange,
  error,
  hints,
}: {
  value: DateRange;
  onChange: (change: Partial<DateRange>) => void;
  error: string | undefined;
  hints?: DateRange;
}) {
  return (['from', 'to'] as const).map((end) => (
    <TextField
      key={end}
      label={end === 'from' ? 'From' : 'To'}
      name={end}
      type="date"
      value={value[end]}
      onChange={(event) => onChange({ [end]: event.target.value })}
      hint={value[end] ? undefined : hints?.[end]}
      error={end === 'to' ? error : undefined}
    />
  ));
}
