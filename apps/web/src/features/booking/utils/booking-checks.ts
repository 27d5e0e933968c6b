import { MESSAGES, RETURN_TIME_MESSAGE } from '@app/shared';

export interface BookingDraft {
  signedIn: boolean;
  consented: boolean;
  /** False only when the phone field flags its number invalid (the contact form, later). */
  phoneValid: boolean;
  serviceType: string;
  slotTime: string | undefined;
  /** A round trip whose first time is chosen but whose return has no free time chosen. */
  returnTimeMissing?: boolean;
}

/** The form's controls a check can find at fault. */
export type BookingField = 'consent' | 'phone' | 'serviceType' | 'slot' | 'returnLeg';

export type BookingProblem =
  { kind: 'login'; message: string } | { kind: 'error'; message: string; field: BookingField };

/** A field at fault and what its check says. */
export interface FieldProblem {
  field: BookingField;
  message: string;
}

/**
 * The booking checks (docs/product.md, Booking): a visitor is asked to log in and nothing else;
 * otherwise every field at fault, in the product's order, then our own return-time check. The
 * first is the one its toast says; all are marked where they are.
 */
export function bookingProblems(
  draft: BookingDraft,
): { kind: 'login'; message: string } | FieldProblem[] {
  if (!draft.signedIn) return { kind: 'login', message: MESSAGES.loginToBook };
  const problems: FieldProblem[] = [];
  if (!draft.consented) problems.push({ field: 'consent', message: MESSAGES.agreeToTerms });
  if (!draft.phoneValid) problems.push({ field: 'phone', message: MESSAGES.invalidPhone });
  if (!draft.serviceType) {
    problems.push({ field: 'serviceType', message: MESSAGES.selectServiceType });
  }
  if (!draft.slotTime) problems.push({ field: 'slot', message: MESSAGES.selectDateTime });
  if (draft.returnTimeMissing) problems.push({ field: 'returnLeg', message: RETURN_TIME_MESSAGE });
  return problems;
}

/**
 * Where focus goes for a field at fault, in the booking form, first match wins: the slot's is
 * the time grid's tab stop, or the day strip's when the chosen day has no free time.
 */
export const FIELD_FOCUS: Record<BookingField, readonly string[]> = {
  consent: ['input[name="consent"]'],
  phone: ['input[name="phone"]'],
  serviceType: ['select[name="selectedServiceType"]'],
  slot: ['[data-time][tabindex="0"]', '[data-day][tabindex="0"]'],
  returnLeg: ['select[name="returnTime"]'],
};

/** The control to focus for `field` inside `form`, if it is there. */
export function fieldControl(form: ParentNode, field: BookingField): HTMLElement | null {
  for (const selector of FIELD_FOCUS[field]) {
    const control = form.querySelector<HTMLElement>(selector);
    if (control) return control;
  }
  return null;
}
