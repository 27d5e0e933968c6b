import { useId } from 'react';
import { inputClass, labelClass, RequiredMark } from '../../../components/ui/form-field.tsx';

/**
 * The reason an owner's change of a ride is told to the customer with: required, its check's
 * message under it. `id` lets the form focus it when the check fails.
 */
export function ReasonField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const errorId = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Reason, told to the customer
        <RequiredMark />
      </label>
      <textarea
        id={id}
        name="reason"
        rows={3}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`mt-1.5 py-2 ${inputClass}`}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The reason's check, as the server makes it: the message, or undefined when it is fine. */
export function reasonProblem(
  text: string,
  messages: { missing: string; tooLong: string },
  max: number,
): string | undefined {
  if (!text) return messages.missing;
  return text.length > max ? messages.tooLong : undefined;
}
