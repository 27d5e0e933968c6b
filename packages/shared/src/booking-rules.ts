/*
 * The booking form's rules that need no schema library, apart from the zod schemas in
 * schemas/booking.ts: the car page imports these, and would otherwise load zod with them.
 */

/** Notes fields: at most 50 words; typing past the 50th word is ignored. */
export const NOTES_MAX_WORDS = 50;
/** Past any 50 real words: a guard against absurd input, with its own message. */
export const NOTES_MAX_CHARACTERS = 2000;
export const NOTES_TOO_LONG_MESSAGE = 'Notes are too long: at most 2,000 characters.';
/** The booking phone's national number: exactly 10 digits (docs/product.md, Phone format). */
export const PHONE_NATIONAL_DIGITS = 10;
/** The phone input accepts at most 15 digits unless long numbers are enabled. */
export const PHONE_MAX_DIGITS = 15;
export const PHONE_DEFAULT_COUNTRY = 'us';
export const ADDRESS_MAX_LENGTH = 300;

export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** The text cut after its 50th word. */
export function limitWords(text: string, max = NOTES_MAX_WORDS): string {
  if (countWords(text) <= max) return text;
  const words = text.trimStart().split(/(\s+)/);
  return words.slice(0, max * 2 - 1).join('');
}

/**
 * What a notes field keeps when its text changes from `previous` to `next`: typing past the
 * 50th word is ignored (the text stays as it was), and a paste that would go past it is cut.
 */
export function applyWordLimit(previous: string, next: string, max = NOTES_MAX_WORDS): string {
  if (countWords(next) <= max) return next;
  return countWords(previous) < max ? limitWords(next, max) : previous;
}

/**
 * A phone as the booking form sends it (docs/product.md, "The car page"): exactly 10 digits (or 3-3-4 with
 * hyphens), after an optional `+` and a 1 to 3 digit country code; spaces, brackets, dots and
 * hyphens aside. `555-0142` (7 digits) is refused.
 */
export function isValidBookingPhone(phone: string): boolean {
  const digits = phone.replace(/[\s().-]/g, '');
  return /^(?:\+\d{1,3})?\d{10}$/.test(digits);
}

export const SLOT_TAKEN_MESSAGE =
  'Sorry, this time slot was just taken. Please choose another time.';
