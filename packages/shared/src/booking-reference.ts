/**
 * A ride's booking reference, the one home of the rule (docs/product.md, "Booking reference"):
 * the first 8 hex digits of the appointment's id, uppercased, in two groups of 4 (`3F9A-1C2B`).
 * Stable (the id never changes), short enough to read over the phone, and derived rather than
 * stored: the site, the emails and the owner's console all show this one function's answer.
 */
export function bookingReference(appointmentId: string): string {
  const hex = appointmentId.replace(/-/g, '').slice(0, 8).toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}
