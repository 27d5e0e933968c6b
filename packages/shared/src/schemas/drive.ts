import { z } from 'zod';
import { BILL_STATUSES, CHAUFFEUR_LINE_KINDS } from '../final-bill.ts';
import { TRIP_STATUSES } from '../trip-status.ts';

/*
 * A chauffeur's day sheet (`GET /api/drive/rides`) and their taps on a ride
 * (`POST /api/drive/rides/:id/status`, `…/undo`, `…/position`). A chauffeur sees only the rides
 * they drive, from yesterday to a week ahead, with only what driving them needs: no money (but
 * the tolls and parking on a done ride's bill), no customer's other rides, the customer's first
 * name only.
 */

export const DRIVE_DAYS_BEHIND = 1;
export const DRIVE_DAYS_AHEAD = 7;

export const TripEventSchema = z.object({
  status: z.enum(TRIP_STATUSES),
  /** ISO 8601. */
  at: z.string(),
});
export type TripEvent = z.infer<typeof TripEventSchema>;

export const DriveLegSchema = z.object({
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  pickupNotes: z.string(),
});

export const DriveRideSchema = z.object({
  id: z.uuid(),
  /** The booking reference the customer holds. */
  reference: z.string(),
  /** ISO 8601 instant of pickup; `slotDate`/`slotTime` its New York reading. */
  slotStart: z.string(),
  slotDate: z.string(),
  slotTime: z.string(),
  endsAt: z.string(),
  lengthMinutes: z.number().int(),
  serviceType: z.string(),
  /** Paid (to drive), completed, cancelled or no-show (kept on the sheet so the day reads whole). */
  status: z.string(),
  car: z.object({ name: z.string(), plate: z.string() }),
  customerFirstName: z.string(),
  phone: z.string(),
  leg: DriveLegSchema,
  /** A round trip's other leg: its time and addresses (it is a ride of its own). */
  returnLeg: z.object({ id: z.uuid(), slotStart: z.string(), slotTime: z.string() }).nullable(),
  tripStatus: z.enum(TRIP_STATUSES).nullable(),
  /** The taps that stand, oldest first. */
  events: z.array(TripEventSchema),
  /** ISO 8601: until when the last tap may be undone; null when none may. */
  undoUntil: z.string().nullable(),
  /**
   * A done ride's bill, as far as the chauffeur's part goes: its state (tolls and parking are
   * added while it is a draft) and its toll and parking lines; null until the ride is done.
   */
  bill: z
    .object({
      status: z.enum(BILL_STATUSES),
      lines: z.array(
        z.object({
          kind: z.enum(CHAUFFEUR_LINE_KINDS),
          label: z.string(),
          amountCents: z.number(),
        }),
      ),
    })
    .nullable(),
});
export type DriveRide = z.infer<typeof DriveRideSchema>;

export const DriveRidesResponseSchema = z.object({
  success: z.literal(true),
  rides: z.array(DriveRideSchema),
  /** ISO 8601: when the server read it (the offline copy says how old it is). */
  readAt: z.string(),
});
export type DriveRidesResponse = z.infer<typeof DriveRidesResponseSchema>;

export const INVALID_POSITION_MESSAGE = 'Invalid position.';

/** Where the phone is, in degrees (WGS 84, as the browser's geolocation gives it). */
export const PositionSchema = z.object({
  latitude: z
    .number({ message: INVALID_POSITION_MESSAGE })
    .min(-90, INVALID_POSITION_MESSAGE)
    .max(90, INVALID_POSITION_MESSAGE),
  longitude: z
    .number({ message: INVALID_POSITION_MESSAGE })
    .min(-180, INVALID_POSITION_MESSAGE)
    .max(180, INVALID_POSITION_MESSAGE),
});
export type Position = z.infer<typeof PositionSchema>;

export const TripTapSchema = z.object({
  status: z.enum(TRIP_STATUSES, { message: 'Unknown trip status.' }),
  /** The device's key for this tap: a retry sends the same one and records once. */
  tapKey: z.uuid({ message: 'Invalid tap key.' }),
  position: PositionSchema.optional(),
});
export type TripTapRequest = z.input<typeof TripTapSchema>;

export const TripUndoSchema = z.object({
  status: z.enum(TRIP_STATUSES, { message: 'Unknown trip status.' }),
});
export type TripUndoRequest = z.input<typeof TripUndoSchema>;

export const DriveRideResponseSchema = z.object({
  success: z.literal(true),
  ride: DriveRideSchema,
});
export type DriveRideResponse = z.infer<typeof DriveRideResponseSchema>;
