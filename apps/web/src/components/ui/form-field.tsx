import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
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

/** A field's label, with the asterisk when it is required. */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required: boolean | undefined;
}) {
  return (
    <label htmlFor={htmlFor} className={labelClass}>
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> {
  label: string;
  hint?: ReactNode;
  /** What a check found wrong with the value: said in place of the hint, the field marked. */
  error?: string | undefined;
  /** Shows the asterisk and sets aria-required (the forms check the rules themselves). */
  required?: boolean;
  /** Class of the wrapper. */
  className?: string;
}

/** A labelled input with an optional hint (or error) tied to it by aria-describedby. */
export function TextField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint || error ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <input
        id={inputId}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={hintId}
        className={`mt-1.5 ${input.readOnly ? readOnlyClass : inputClass}${error ? ' border-danger' : ''}`}
        {...input}
      />
      {error ? (
        <p id={hintId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required'> {
  label: string;
  /** Shows the asterisk and sets aria-required. */
  required?: boolean;
  /** Class of the wrapper. */
  className?: string;
  /** Its choices in order, each a value and what it says. */
  options: readonly { value: string; label: string }[];
}

/** A labelled select, the same height and border as the text fields. */
export function SelectField({ label, required, className, options, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <select
        id={id}
        aria-required={required ? true : undefined}
        className={`mt-1.5 ${inputClass}`}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
