import { MESSAGES } from '@app/shared';

export interface BookingDraft {
  signedIn: boolean;
  consented: boolean;
  /** False only when the phone field flags its number invalid (the contact form, later). */
  phoneValid: boolean;
  serviceType: string;
  slotTime: string | undefined;
}

/** The form's controls a check can find at fault. */
export type BookingField = 'consent' | 'phone' | 'serviceType' | 'slot';

export type BookingProblem =
  { kind: 'login'; message: string } | { kind: 'error'; message: string; field: BookingField };

/** The booking checks, in their order (docs/product.md, Booking); the first that fails is the one shown. */
export function firstBookingProblem(draft: BookingDraft): BookingProblem | null {
  if (!draft.signedIn) return { kind: 'login', message: MESSAGES.loginToBook };
  if (!draft.consented) return { kind: 'error', message: MESSAGES.agreeToTerms, field: 'consent' };
  if (!draft.phoneValid) return { kind: 'error', message: MESSAGES.invalidPhone, field: 'phone' };
  if (!draft.serviceType) {
    return { kind: 'error', message: MESSAGES.selectServiceType, field: 'serviceType' };
  }
  if (!draft.slotTime) return { kind: 'error', message: MESSAGES.selectDateTime, field: 'slot' };
  return null;
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
};

/** The control to focus for `field` inside `form`, if it is there. */
export function fieldControl(form: ParentNode, field: BookingField): HTMLElement | null {
  for (const selector of FIELD_FOCUS[field]) {
    const control = form.querySelector<HTMLElement>(selector);
    if (control) return control;
  }
  return null;
}
