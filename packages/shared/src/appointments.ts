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
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
