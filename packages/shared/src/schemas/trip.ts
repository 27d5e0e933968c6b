import { z } from 'zod';
import { TRIP_STATUSES } from '../trip-status.ts';
import { TripEventSchema } from './drive.ts';

/*
 * The live trip page (`GET /api/trip/:token`): what the customer's link shows without signing
 * in, read-only, until a day after the ride: the pickup, the chauffeur's first name, the car and
 * its plate, the taps so far and, while the chauffeur shares where the car is on the way, how
 * far it is and roughly when it arrives. No name, phone, email or money.
 */

/** The link works until a day after the ride's booked end, then answers as an unknown one. */
export const TRIP_LINK_DAYS_AFTER = 1;

/** How often the page asks again while the ride is under way (ADR 022). */
export const TRIP_POLL_MS = 10_000;

export const TripTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Trip not found'),
});

export const TripApproachSchema = z.object({
  /** Road miles from the car to the pickup, by the offline estimate; one decimal. */
  miles: z.number(),
  /** Whole minutes until the car is there, by the offline estimate. */
  minutes: z.number().int(),
  /** ISO 8601: when the car was there. */
  at: z.string(),
});
export type TripApproach = z.infer<typeof TripApproachSchema>;

export const TripViewSchema = z.object({
  /** ISO 8601 pickup, and its New York reading. */
  slotStart: z.string(),
  slotDate: z.string(),
  slotTime: z.string(),
  pickupAddress: z.string(),
  /** Paid (to come), completed, cancelled or no-show. */
  status: z.string(),
  car: z.object({ name: z.string(), plate: z.string() }),
  /** Empty while nobody drives it yet. */
  chauffeurFirstName: z.string(),
  tripStatus: z.enum(TRIP_STATUSES).nullable(),
  events: z.array(TripEventSchema),
  approach: TripApproachSchema.nullable(),
  /** ISO 8601: when the server read it. */
  readAt: z.string(),
});
export type TripView = z.infer<typeof TripViewSchema>;

export const TripResponseSchema = z.object({ success: z.literal(true), trip: TripViewSchema });
export type TripResponse = z.infer<typeof TripResponseSchema>;
