import { useId, useState, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { FieldLabel, hintClass, inputClass } from './form-field.tsx';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
  required?: boolean;
  hint?: ReactNode;
  /** Extra ids for aria-describedby, e.g. a strength meter. */
  describedBy?: string;
  className?: string;
}

/**
 * A password input with a Show/Hide toggle. The toggle's accessible name changes with its text
 * ("Show new password" / "Hide new password") so it always says what a press will do.
 */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  name,
  required,
  hint,
  describedBy,
  className,
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const described = [hintId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="relative mt-1.5">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-required={required ? true : undefined}
          aria-describedby={described}
          className={`${inputClass} pr-24`}
        />
        <button
          type="button"
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-0 right-1 my-auto inline-flex h-11 min-w-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-brand transition-colors hover:bg-brand-tint"
        >
          {visible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
