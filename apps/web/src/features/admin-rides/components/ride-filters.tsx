import {
  RIDE_DATE_ORDER_MESSAGE,
  RIDE_STATUSES,
  RIDE_STATUS_LABELS,
  type Service,
} from '@app/shared';
import { CarSelect } from '../../../components/filters/car-select.tsx';
import { DateRangeFields } from '../../../components/filters/date-range-fields.tsx';
import { FilterForm } from '../../../components/filters/filter-form.tsx';
import {
  useFilterDraft,
  type FilterFormProps,
} from '../../../components/filters/use-filter-draft.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import type { RideScreenState } from '../utils/ride-view.ts';

export type RideFilterValues = Pick<RideScreenState, 'from' | 'to' | 'serviceId' | 'status' | 'q'>;

export const NO_FILTERS: RideFilterValues = { from: '', to: '', serviceId: '', status: '', q: '' };

/** What the range's empty ends mean here. */
const RANGE_HINTS = { from: 'Today; any day for a search', to: 'No end' };

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...RIDE_STATUSES.map((status) => ({ value: status, label: RIDE_STATUS_LABELS[status] })),
];

/** The Rides screen's filters: days, a car, a status, and a search of the customer. */
export function RideFilterForm({
  services,
  ...props
}: FilterFormProps<RideFilterValues> & { services: readonly Service[] }) {
  const { draft, set, error, setError, clear } = useFilterDraft(props, NO_FILTERS);

  function submit() {
    if (draft.from && draft.to && draft.to < draft.from) {
      setError(RIDE_DATE_ORDER_MESSAGE);
      return;
    }
    setError(undefined);
    props.onApply({ ...draft, q: draft.q.trim() });
  }

  return (
    <FilterForm
      label="Filter the rides"
      className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
      onSubmit={submit}
      onClear={clear}
    >
      <DateRangeFields value={draft} onChange={set} error={error} hints={RANGE_HINTS} />
      <CarSelect services={services} value={draft.serviceId} onChange={set} />
      <SelectField
        label="Status"
        name="status"
        value={draft.status}
        onChange={(event) => set({ status: event.target.value as RideFilterValues['status'] })}
        options={STATUS_OPTIONS}
      />
      <TextField
        label="Customer"
        name="q"
        type="search"
        placeholder="Name, email, phone or reference"
        autoComplete="off"
        maxLength={100}
        value={draft.q}
        onChange={(event) => set({ q: event.target.value })}
      />
    </FilterForm>
  );
}
