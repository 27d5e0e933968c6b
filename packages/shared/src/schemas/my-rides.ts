import { z } from 'zod';
import { REFUND_STATUSES } from '../refunds.ts';
import { TripSchema } from './booking.ts';

/*
 * `GET /api/user/rides`: every ride of the signed-in customer for My rides, beside
 * the spec's `GET /api/user/appointments`, which stays as it is.
 */

/**
 * How a ride stands for its customer: `moved` is a paid ride rescheduled at least once;
 * a cancellation says who cancelled (an owner's carries a reason and maybe a refund, a
 * customer's maybe a refund by the owner's tiers).
 */
export const MY_RIDE_STATES = [
  'awaiting_payment',
  'paid',
  'moved',
  'cancelled_by_you',
  'cancelled_by_us',
  'completed',
  'no_show',
] as const;
export type MyRideState = (typeof MY_RIDE_STATES)[number];

/** How My rides names each state on its badge. */
export const MY_RIDE_STATE_LABELS: Readonly<Record<MyRideState, string>> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  moved: 'Moved',
  cancelled_by_you: 'Cancelled by you',
  cancelled_by_us: 'Cancelled by us',
  completed: 'Completed',
  no_show: 'No-show',
};

/** The deposit a cancel gave back, and how far that has got (the `refunds` row). */
export const CancelledRefundSchema = z.object({
  amountCents: z.number().int().positive(),
  status: z.enum(REFUND_STATUSES),
  /** ISO 8601: when it was decided, with the cancel. */
  createdAt: z.string(),
});
export type CancelledRefund = z.infer<typeof CancelledRefundSchema>;

/** A ride the business cancelled, as its customer reads it on My rides and on its page. */
export const OwnerCancellationSchema = z.object({
  /** The owner's words, as the customer was told. */
  reason: z.string(),
  /** The deposit given back, when it was decided; null: none. */
  refund: CancelledRefundSchema.nullable(),
});
export type OwnerCancellation = z.infer<typeof OwnerCancellationSchema>;

/** A ride its customer cancelled, as they read it on My rides and on its page. */
export const CustomerCancellationSchema = z.object({
  /** What the owner's refund tiers gave back of the deposit; null: nothing (the booking policy). */
  refund: CancelledRefundSchema.nullable(),
});
export type CustomerCancellation = z.infer<typeof CustomerCancellationSchema>;

export const MyRideSchema = z.object({
  id: z.uuid(),
  /** `bookingReference(id)`, so the page and the phone name the same ride. */
  reference: z.string(),
  service: z.object({ id: z.uuid(), name: z.string(), image: z.string(), address: z.string() }),
  serviceType: z.string(),
  slotDate: z.string(),
  slotTime: z.string(),
  /** ISO 8601. */
  slotStart: z.string(),
  /** ISO 8601: the start plus the booked length. */
  endsAt: z.string(),
  trip: TripSchema,
  state: z.enum(MY_RIDE_STATES),
  /** Why the business cancelled and what it gave back: for `cancelled_by_us` only. */
  ownerCancellation: OwnerCancellationSchema.nullable(),
  /** What the customer's own cancel gave back: for `cancelled_by_you` only. */
  customerCancellation: CustomerCancellationSchema.nullable(),
});
export type MyRide = z.infer<typeof MyRideSchema>;

export const MyRidesResponseSchema = z.object({
  success: z.literal(true),
  /** Rides still ahead (held or paid), soonest first. */
  upcoming: z.array(MyRideSchema),
  /** Everything else (over, cancelled, completed, no-show), most recent first. */
  past: z.array(MyRideSchema),
});
export type MyRidesResponse = z.infer<typeof MyRidesResponseSchema>;
