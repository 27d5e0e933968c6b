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

/**
 * The id prefix a typed booking reference stands for (`3f9a1c2b` for `3F9A-1C2B`, with or
 * without its hyphen or spaces around it), or null when the text is no reference.
 */
export function readBookingReference(text: string): string | null {
  const match = /^([0-9a-f]{4})-?([0-9a-f]{4})$/i.exec(text.trim());
  return match ? `${match[1]}${match[2]}`.toLowerCase() : null;
}
