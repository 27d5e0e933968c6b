import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

const inputBase =
  'block min-h-11 w-full rounded-xl border px-3.5 text-base transition-colors placeholder:text-ink-muted/70';

/** Text inputs, selects and textareas of the account forms: 44 px high, calm border. */
export const inputClass = `${inputBase} border-line bg-surface text-ink hover:border-brand/40 focus:border-brand`;

/** A shown-but-not-editable input (e.g. the profile's email). */
const readOnlyClass = `${inputBase} cursor-default border-dashed border-line bg-canvas text-ink-muted`;

export const labelClass = 'block text-sm font-semibold text-ink';

export const hintClass = 'mt-1.5 text-sm text-ink-muted';

/**
 * What a check found wrong with a field, under it: the control names this paragraph in its
 * aria-describedby and sets aria-invalid while it shows.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-danger">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}

/** The visual required marker; the control itself carries aria-required. */
export function RequiredMark() {
  return (
    <span className="ml-0.5 text-danger" aria-hidden="true">
      *
    </span>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> {
  label: string;
  hint?: ReactNode;
  /** Shows the asterisk and sets aria-required (the forms check the rules themselves). */
  required?: boolean;
  /** Class of the wrapper. */
  className?: string;
}

/** A labelled input with an optional hint tied to it by aria-describedby. */
export function TextField({ label, hint, required, className, id, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        id={inputId}
        aria-required={required ? true : undefined}
        aria-describedby={hintId}
        className={`mt-1.5 ${input.readOnly ? readOnlyClass : inputClass}`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
