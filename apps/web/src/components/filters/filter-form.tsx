import type { FormEvent, ReactNode } from 'react';
import { buttonPrimary, buttonSecondary } from '../ui/styles.ts';

/**
 * A console screen's filters: a search landmark named `label`, its fields, then Filter (checks
 * and applies them) and Clear (applies none).
 */
export function FilterForm({
  label,
  className,
  actionsClassName,
  onSubmit,
  onClear,
  children,
}: {
  label: string;
  className: string;
  /** Classes of the buttons' row besides its flex layout. */
  actionsClassName?: string;
  /** Filter was pressed: the form, to focus a field at fault. */
  onSubmit: (form: HTMLFormElement) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(event.currentTarget);
  }
  return (
    <form role="search" aria-label={label} noValidate onSubmit={submit} className={className}>
      {children}
      <div className={actionsClassName ? `flex gap-3 ${actionsClassName}` : 'flex gap-3'}>
        <button type="submit" className={buttonPrimary}>
          Filter
        </button>
        <button type="button" onClick={onClear} className={buttonSecondary}>
          Clear
        </button>
      </div>
    </form>
  );
}
