import { MESSAGES } from '@app/shared';

export interface BookingDraft {
  signedIn: boolean;
  consented: boolean;
  /** False only when the phone field flags its number invalid (the contact form, later). */
  phoneValid: boolean;
  serviceType: string;
  slotTime: string | undefined;
}

export type BookingProblem =
  { kind: 'login'; message: string } | { kind: 'error'; message: string };

/** The booking checks, in their order (docs/product.md, Booking); the first that fails is the one shown. */
export function firstBookingProblem(draft: BookingDraft): BookingProblem | null {
  if (!draft.signedIn) return { kind: 'login', message: MESSAGES.loginToBook };
  if (!draft.consented) return { kind: 'error', message: MESSAGES.agreeToTerms };
  if (!draft.phoneValid) return { kind: 'error', message: MESSAGES.invalidPhone };
  if (!draft.serviceType) return { kind: 'error', message: MESSAGES.selectServiceType };
  if (!draft.slotTime) return { kind: 'error', message: MESSAGES.selectDateTime };
  return null;
}
