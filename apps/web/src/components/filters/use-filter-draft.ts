import { useState } from 'react';

/** What a filter form is given: the filters applied now, and where to apply new ones. */
export interface FilterFormProps<F> {
  value: F;
  onApply: (filters: F) => void;
}

/**
 * A filter form's draft: the filters as typed, applied only on Filter; what the last check found
 * wrong with them; and Clear, which empties the form and applies no filters.
 */
export function useFilterDraft<F>({ value, onApply }: FilterFormProps<F>, none: F) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string>();
  return {
    draft,
    set: (change: Partial<F>) => setDraft((current) => ({ ...current, ...change })),
    error,
    setError,
    clear: () => {
      setDraft(none);
      setError(undefined);
      onApply(none);
    },
  };
}
