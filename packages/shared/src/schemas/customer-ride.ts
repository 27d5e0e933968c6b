import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../appointments.ts';
import { MESSAGES } from '../messages.ts';
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

/** `POST /api/appointments/:id/cancel`: nothing to say but the confirmation itself. */
export const CancelRideRequestSchema = z.object({});

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
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  amountCents: z.number().int(),
  /** Whether the customer may still reschedule or cancel it online (paid, before the limit). */
  changeable: z.boolean(),
  /** Hours before pickup after which changes go through the business by phone. */
  changeCutoffHours: z.number().int(),
  /** The car's taken and blocked slots (`d_m_yyyy` to labels), this ride's own included. */
  slotsTaken: z.record(z.string(), z.array(z.string())),
  /** "Add to Google Calendar" (HTTPS) for a paid ride; null otherwise. */
  googleCalendarUrl: z.url().nullable(),
});
export type RideView = z.infer<typeof RideViewSchema>;

export const CustomerRideResponseSchema = z.object({
  success: z.literal(true),
  ride: RideViewSchema,
});
export type CustomerRideResponse = z.infer<typeof CustomerRideResponseSchema>;

/** What a reschedule or a cancellation answers: the ride as it now is. */
export const RideChangeResponseSchema = CustomerRideResponseSchema.extend({ message: z.string() });
export type RideChangeResponse = z.infer<typeof RideChangeResponseSchema>;
