/**
 * A booking's phone as E.164 (`+17815550100`), or null when it is no US number: bookings take
 * 10 digits (or 3-3-4 with hyphens), perhaps with the country code 1 in front.
 */
export function usE164(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  // NANP: area code and exchange start with 2-9.
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : null;
}
