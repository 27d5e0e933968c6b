import { useState, type RefObject } from 'react';
import { notify } from '../../../lib/notify.ts';
import { fieldControl, type BookingField, type FieldProblem } from '../utils/booking-checks.ts';

/** The toasts of the booking form, for the toaster: a newer one clears the stale ones. */
const TOAST_FORM = 'booking';

/**
 * The fields the booking form's last check found at fault, each marked inline until the customer
 * changes it, and `stop`, which says what the check found.
 */
export function useFieldErrors(formRef: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<Partial<Record<BookingField, string>>>({});

  /** The customer changed `field`: its mark goes. */
  function clearError(field: BookingField) {
    if (errors[field] === undefined) return;
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  /**
   * The product's toast of the first problem and its scroll to the top (docs/product.md, "Checks
   * when booking"); every field at fault marked at once, and focus on the first, without
   * moving the page from the top the product asks for.
   */
  function stop(kind: 'warning' | 'error', message: string, problems: FieldProblem[] = []) {
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
    notify(kind, message, { form: TOAST_FORM });
    const first = problems[0];
    if (first && formRef.current)
      fieldControl(formRef.current, first.field)?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  const errorOf = (field: BookingField) => errors[field];

  return { errorOf, clearError, stop };
}
