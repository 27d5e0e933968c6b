import { useId, useState, type FormEvent } from 'react';
import type { Service } from '@app/shared';
import { inputClass, labelClass, TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import type { AuditFilters } from '../hooks/use-audit-events.ts';

/** The Audit screen's filters: one car, one ride (its id), or both. */
export function AuditFilterForm({
  value,
  services,
  onApply,
}: {
  value: AuditFilters;
  services: readonly Service[];
  onApply: (filters: AuditFilters) => void;
}) {
  const [draft, setDraft] = useState(value);
  const carId = useId();
  const cars = [...services].sort((a, b) => a.name.localeCompare(b.name));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply({ serviceId: draft.serviceId, appointmentId: draft.appointmentId.trim() });
  }

  return (
    <form
      role="search"
      aria-label="Filter the audit trail"
      noValidate
      onSubmit={onSubmit}
      className="mt-6 grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
    >
      <div>
        <label htmlFor={carId} className={labelClass}>
          Car
        </label>
        <select
          id={carId}
          name="serviceId"
          value={draft.serviceId}
          onChange={(event) => setDraft({ ...draft, serviceId: event.target.value })}
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
      <TextField
        label="Ride"
        name="appointmentId"
        placeholder="The ride's id"
        autoComplete="off"
        spellCheck={false}
        maxLength={60}
        value={draft.appointmentId}
        onChange={(event) => setDraft({ ...draft, appointmentId: event.target.value })}
      />
      <div className="flex gap-3">
        <button type="submit" className={buttonPrimary}>
          Filter
        </button>
        <button
          type="button"
          onClick={() => {
            setDraft({ serviceId: '', appointmentId: '' });
            onApply({ serviceId: '', appointmentId: '' });
          }}
          className={buttonSecondary}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
