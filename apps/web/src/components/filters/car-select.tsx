import type { Service } from '@app/shared';
import { SelectField } from '../ui/form-field.tsx';

/** One car of the catalogue by name, or all of them (the empty value). */
export function CarSelect({
  services,
  value,
  onChange,
}: {
  services: readonly Service[];
  value: string;
  /** A filter form's `set`: called with the car chosen. */
  onChange: (change: { serviceId: string }) => void;
}) {
  const cars = [...services].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <SelectField
      label="Car"
      name="serviceId"
      value={value}
      onChange={(event) => onChange({ serviceId: event.target.value })}
      options={[
        { value: '', label: 'All cars' },
        ...cars.map((car) => ({ value: car._id, label: car.name })),
      ]}
    />
  );
}
