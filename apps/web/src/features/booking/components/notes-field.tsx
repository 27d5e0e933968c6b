import { useId } from 'react';
import { applyWordLimit, countWords, NOTES_MAX_WORDS } from '@app/shared';
import { inputClass, labelClass } from '../../../components/ui/form-field.tsx';

interface NotesFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/** A notes textarea with the n/50 words counter (docs/product.md); words past the 50th are not taken. */
export function NotesField({ label, name, value, onChange, placeholder }: NotesFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const words = countWords(value);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className={labelClass}>
          {label} <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <span
          id={counterId}
          className={`text-xs tabular-nums ${words >= NOTES_MAX_WORDS ? 'font-semibold text-accent-strong' : 'text-ink-muted'}`}
        >
          {words}/{NOTES_MAX_WORDS} words
        </span>
      </div>
      <textarea
        id={id}
        name={name}
        rows={3}
        value={value}
        placeholder={placeholder}
        aria-describedby={counterId}
        onChange={(event) => onChange(applyWordLimit(value, event.target.value))}
        className={`${inputClass} mt-1.5 resize-y py-2.5 leading-6`}
      />
    </div>
  );
}
