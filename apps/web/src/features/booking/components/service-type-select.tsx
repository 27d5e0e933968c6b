interface ServiceTypeSelectProps {
  types: readonly string[];
  value: string;
  onChange: (type: string) => void;
}

/** Shown only when the car offers more than one service type; the first option is -- Choose --. */
export function ServiceTypeSelect({ types, value, onChange }: ServiceTypeSelectProps) {
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
        className="mt-2 block min-h-11 w-full rounded-xl border border-line bg-surface px-3 text-base text-ink hover:border-brand/40 sm:max-w-sm"
      >
        <option value="">-- Choose --</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
    </div>
  );
}
