import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../appointments.ts';
import { MESSAGES } from '../messages.ts';
import { BookedPriceSchema } from './booked-price.ts';
import { TripSchema } from './booking.ts';
import { CustomerCancellationSchema, OwnerCancellationSchema } from './my-rides.ts';
import { CancelRefundSchema } from './refund-policy.ts';
import { parseSlotDateKey, parseSlotTime } from '../slots.ts';

/** The `:id` of `/api/appointments/:id…`: a ride that is not a uuid is no ride of anyone's. */
export const RideParamsSchema = z.object({
  id: z.uuid({ message: 'Ride not found' }),
});

/** `POST /api/appointments/:id/reschedule`: the new slot of the same car. */
export const RescheduleRequestSchema = z.object({
  slotDate: z
    .string({ error: MESSAGES.selectDateTime })
    .refine((v) => parseSlotDateKey(v) !== null, MESSAGES.selectDateTime),
  slotTime: z
    .string({ error: MESSAGES.selectDateTime })
    .refine((v) => parseSlotTime(v) !== null, MESSAGES.selectDateTime),
});
export type RescheduleRequest = z.input<typeof RescheduleRequestSchema>;

/** `POST /api/appointments/:id/cancel`: the confirmation itself, and for a round trip its return. */
export const CancelRideRequestSchema = z.object({
  /** A round trip's first leg: whether its return leg is cancelled too (ADR 018). */
  withReturn: z
    .boolean({ error: 'Please say whether the return ride is cancelled too.' })
    .optional(),
  /**
   * The refund the page showed when the customer confirmed (cents): the cancel refunds what the
   * tiers give at its commit, and says so when that differs.
   */
  seenRefundCents: z
    .number({ error: 'The refund shown must be a number of cents.' })
    .int('The refund shown must be a number of cents.')
    .min(0, 'The refund shown must be a number of cents.')
    .optional(),
});
export type CustomerCancelRequest = z.input<typeof CancelRideRequestSchema>;

/** One of the customer's rides, as its page shows it. */
export const RideViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPOINTMENT_STATUSES),
  service: z.object({
    id: z.uuid(),
    name: z.string(),
    image: z.string(),
    address: z.string(),
  }),
  serviceType: z.string(),
  slotDate: z.string(),
  slotTime: z.string(),
  /** ISO 8601. */
  slotStart: z.string(),
  /** ISO 8601: the start plus the booked length (ADR 018). */
  endsAt: z.string(),
  /** How long the ride is booked for, in minutes of the car. */
  lengthMinutes: z.number().int().positive(),
  /** The car's turnaround after it when booked: a move keeps the car this much longer. */
  turnaroundMinutes: z.number().int().min(0),
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  /** The return ride asked for, a round trip's leg with its time, and whether this is that leg. */
  trip: TripSchema,
  /** A round trip's return leg still booked, which cancelling this ride may take too. */
  returnLegLive: z.boolean(),
  amountCents: z.number().int(),
  /** This ride's price as booked, its deposit, what is left and why; null before prices were kept. */
  price: BookedPriceSchema.nullable(),
  /** Whether the customer may still reschedule or cancel it online (paid, before the limit). */
  changeable: z.boolean(),
  /** Hours before pickup after which changes go through the business by phone. */
  changeCutoffHours: z.number().int(),
  /**
   * The labels (`d_m_yyyy` to labels) the car's other bookings and its blocks touch: this ride's
   * own left out, so it may move within its own stretch.
   */
  slotsTaken: z.record(z.string(), z.array(z.string())),
  /**
   * Starts (`d_m_yyyy` to labels) where the stretch is free but the car could not reach the
   * pickup from its ride before, or the next ride after it (ADR 020): not offered either.
   */
  startsOutOfReach: z.record(z.string(), z.array(z.string())),
  /** "Add to Google Calendar" (HTTPS) for a paid ride; null otherwise. */
  googleCalendarUrl: z.url().nullable(),
  /** Why the business cancelled it and what it gave back; null unless an owner cancelled it. */
  ownerCancellation: OwnerCancellationSchema.nullable(),
  /** What the customer's own cancel gave back of the deposit; null unless they cancelled it. */
  customerCancellation: CustomerCancellationSchema.nullable(),
  /** The live trip page's token (`/trip/:token`) while it can be followed; null otherwise. */
  tripToken: z.string().nullable(),
  /**
   * What cancelling it now gives back of its deposit by the owner's refund tiers, while the
   * customer may cancel it online; null otherwise.
   */
  cancelRefund: CancelRefundSchema.nullable(),
  /** The same for cancelling it with its return leg (`returnLegLive`); null otherwise. */
  cancelRefundWithReturn: CancelRefundSchema.nullable(),
});
export type RideView = z.infer<typeof RideViewSchema>;

export const CustomerRideResponseSchema = z.object({
  success: z.literal(true),
  ride: RideViewSchema,
});
export type CustomerRideResponse = z.infer<typeof CustomerRideResponseSchema>;

/** What a reschedule or a cancellation answers: the ride as it now is. */
export const RideChangeResponseSchema = CustomerRideResponseSchema.extend({
  message: z.string(),
  /**
   * A cancellation's refund as committed; `changed` when it differs from the one the customer
   * was shown (`seenRefundCents`), a tier's limit having passed in between.
   */
  refund: CancelRefundSchema.extend({ changed: z.boolean() }).optional(),
});
export type RideChangeResponse = z.infer<typeof RideChangeResponseSchema>;
