/**
 * Statuses that hold a slot. A hold (`pending_payment`) and a paid booking both keep a slot
 * from anyone else; an expired or cancelled appointment gives it back.
 */
export const LIVE_APPOINTMENT_STATUSES = ['pending_payment', 'paid'] as const;
export const APPOINTMENT_STATUSES = [
  ...LIVE_APPOINTMENT_STATUSES,
  'expired',
  'cancelled',
  'completed',
  // The customer was not there at pickup (the owner marks it).
  'no_show',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Who cancelled a ride: the customer from their ride page, or an owner from the console. */
export const CANCELLED_BY = ['customer', 'owner'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
