import { useId, useState, type FormEvent } from 'react';
import {
  MESSAGE_RIDE_DATE_ORDER,
  RIDE_STATUSES,
  RIDE_STATUS_LABELS,
  type Service,
} from '@app/shared';
import { inputClass, labelClass, TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import type { RideScreenState } from '../utils/ride-view.ts';

export type RideFilterValues = Pick<RideScreenState, 'from' | 'to' | 'serviceId' | 'status' | 'q'>;

export const NO_FILTERS: RideFilterValues = { from: '', to: '', serviceId: '', status: '', q: '' };

/** The Rides screen's filters: days, a car, a status, and a search of the customer. */
export function RideFilterForm({
  value,
  services,
  onApply,
}: {
  value: RideFilterValues;
  services: readonly Service[];
  onApply: (filters: RideFilterValues) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const ids = { car: useId(), status: useId() };
  const cars = [...services].sort((a, b) => a.name.localeCompare(b.name));
  const set = (patch: Partial<RideFilterValues>) => setDraft({ ...draft, ...patch });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft.from && draft.to && draft.to < draft.from) {
      setError(MESSAGE_RIDE_DATE_ORDER);
      return;
    }
    setError(undefined);
    onApply({ ...draft, q: draft.q.trim() });
  }

  return (
    <form
      role="search"
      aria-label="Filter the rides"
      noValidate
      onSubmit={onSubmit}
      className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto] lg:items-end"
    >
      <TextField
        label="From"
        name="from"
        type="date"
        value={draft.from}
        onChange={(event) => set({ from: event.target.value })}
        hint={draft.from ? undefined : 'Today'}
      />
      <TextField
        label="To"
        name="to"
        type="date"
        value={draft.to}
        aria-invalid={error ? true : undefined}
        onChange={(event) => set({ to: event.target.value })}
        hint={
          error ? <span className="text-danger">{error}</span> : draft.to ? undefined : 'No end'
        }
      />
      <div>
        <label htmlFor={ids.car} className={labelClass}>
          Car
        </label>
        <select
          id={ids.car}
          name="serviceId"
          value={draft.serviceId}
          onChange={(event) => set({ serviceId: event.target.value })}
          className={`mt-1.5 ${inputClass}`}
        >
          <option value="">All cars</option>
          {cars.map((car) => (
            <option key={car._id} value={car._id}>
              {car.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.status} className={labelClass}>
          Status
        </label>
        <select
          id={ids.status}
          name="status"
          value={draft.status}
          onChange={(event) => set({ status: event.target.value as RideFilterValues['status'] })}
          className={`mt-1.5 ${inputClass}`}
        >
          <option value="">Any status</option>
          {RIDE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {RIDE_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
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
      <div className="flex gap-3">
        <button type="submit" className={buttonPrimary}>
          Filter
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft(NO_FILTERS);
            setError(undefined);
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
