import { FieldError } from '../../../components/ui/form-field.tsx';

interface ServiceTypeSelectProps {
  types: readonly string[];
  value: string;
  onChange: (type: string) => void;
  /** The booking check's message while no type is chosen (shown under the dropdown). */
  error?: string | undefined;
}

/** Shown only when the car offers more than one service type; the first option is -- Choose --. */
export function ServiceTypeSelect({ types, value, onChange, error }: ServiceTypeSelectProps) {
  if (types.length <= 1) return null;
  return (
    <div>
      <label htmlFor="service-type" className="block text-base font-semibold text-brand">
        Service type
        <span className="ml-0.5 text-danger" aria-hidden="true">
          *
        </span>
      </label>
      <select
        id="service-type"
        name="selectedServiceType"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'service-type-error' : undefined}
        className="mt-2 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-base text-ink hover:border-brand/40 aria-[invalid=true]:border-danger sm:max-w-sm"
      >
        <option value="">-- Choose --</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <FieldError id="service-type-error" message={error} />
    </div>
  );
}
