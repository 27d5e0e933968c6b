import { AUDIT_RIDE_MESSAGE, readAuditRide, type Service } from '@app/shared';
import { CarSelect } from '../../../components/filters/car-select.tsx';
import { FilterForm } from '../../../components/filters/filter-form.tsx';
import {
  useFilterDraft,
  type FilterFormProps,
} from '../../../components/filters/use-filter-draft.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import type { AuditFilters } from '../api/audit.ts';

const NO_FILTERS: AuditFilters = { serviceId: '', ride: '' };

/**
 * The Audit screen's filters: one car, one ride (its booking reference, as the customer reads
 * it out, or its id), or both. A ride that is neither is said under the field, not sent.
 */
export function AuditFilterForm({
  services,
  ...props
}: FilterFormProps<AuditFilters> & { services: readonly Service[] }) {
  const { draft, set, error, setError, clear } = useFilterDraft(props, NO_FILTERS);
  return (
    <FilterForm
      label="Filter the audit trail"
      className="mt-6 grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
      actionsClassName="sm:mt-[1.625rem]"
      onSubmit={(form) => {
        const ride = draft.ride.trim();
        if (ride && !readAuditRide(ride)) {
          setError(AUDIT_RIDE_MESSAGE);
          form.querySelector<HTMLInputElement>('input[name="ride"]')?.focus();
          return;
        }
        setError(undefined);
        props.onApply({ ...draft, ride });
      }}
      onClear={clear}
    >
      <CarSelect services={services} value={draft.serviceId} onChange={set} />
      <TextField
        label="Ride"
        name="ride"
        hint="Its booking reference, like 3F9A-1C2B"
        error={error}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={60}
        value={draft.ride}
        onChange={(event) => {
          set({ ride: event.target.value });
          if (error) setError(undefined);
        }}
      />
    </FilterForm>
  );
}
