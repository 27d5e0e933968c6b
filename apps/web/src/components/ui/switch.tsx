import type { ReactNode } from 'react';

/**
 * An on/off button (`role="switch"`): its track shows the state and its words say what it
 * turns on. `onToggle` asks for the other state; the caller decides when `checked` changes.
 */
export function Switch({
  checked,
  onToggle,
  disabled = false,
  label,
  children,
}: {
  checked: boolean;
  onToggle: () => void;
  disabled?: boolean;
  /** The accessible name, when the visible words are not enough (several on one page). */
  label?: string | undefined;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={onToggle}
      className="inline-flex min-h-11 w-fit items-center gap-3 text-sm font-semibold text-ink disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-block h-6 w-11 shrink-0 rounded-full transition-colors ${checked ? 'bg-brand' : 'bg-line'}`}
      >
        <span
          className={`absolute top-0.5 left-0 size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`}
        />
      </span>
      {children}
    </button>
  );
}
