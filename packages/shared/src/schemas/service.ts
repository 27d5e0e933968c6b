import { z } from 'zod';
import { CAR_MAKES } from '../makes.ts';

/** A service (a car) as `GET /service/list` sends it. Money is in whole dollars. */
export const ServiceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  serviceLevel: z.string(),
  type: z.enum(CAR_MAKES),
  /** The uploaded photo's fallback rendition once there is one, else the demo artwork. */
  image: z.string(),
  /** The uploaded photo at every width (`<img srcset>`); absent for the artwork. */
  imageSrcSet: z.string().optional(),
  about: z.string(),
  address: z.string(),
  available: z.boolean(),
  fees: z.number(),
  availableServiceTypes: z.array(z.string()),
  /** `d_m_yyyy` to the time labels already taken; never who took them. */
  slots_booked: z.record(z.string(), z.array(z.string())),
  specialServicePricePerHour: z.number(),
  specialServicePriceBetweenOneHourFifteen: z.number(),
  specialServicePriceExtra: z.number(),
  specialServicePriceFlatRate: z.number(),
  serviceChargePerHour: z.number(),
  rentalDailyPrice: z.number(),
  rentalWeeklyPrice: z.number(),
  /** Seats for the customer's party (passengers; a rental's count the driver's). */
  seats: z.number().int().min(1),
  /** Large suitcases it takes. */
  bags: z.number().int().min(0),
  /**
   * Minutes the car needs after a booking of each kind before the next (ADR 018): with the
   * booking's length, what a start must leave free to be offered.
   */
  turnaroundMinutes: z.object({
    ride: z.number().int().min(0),
    hourly: z.number().int().min(0),
    rental: z.number().int().min(0),
  }),
});
export type Service = z.infer<typeof ServiceSchema>;

export const ServiceListResponseSchema = z.object({
  success: z.literal(true),
  services: z.array(ServiceSchema),
});
export type ServiceListResponse = z.infer<typeof ServiceListResponseSchema>;

export const ServiceResponseSchema = z.object({ success: z.literal(true), service: ServiceSchema });
export type ServiceResponse = z.infer<typeof ServiceResponseSchema>;

/** Ids are UUIDs; anything else is answered 400 before touching the database. */
export const ServiceIdSchema = z.uuid({ message: 'Invalid service id' });

/** The shape of every failure the API answers. */
/**
 * Refusals a client tells apart by more than their status: `mfa_required` (an owner route);
 * `unreachable` (an owner's move the car cannot get to: it may be sent again with the override).
 */
export const ERROR_CODES = ['mfa_required', 'unreachable'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  /** The ride a refusal is about (a block over a booked ride), for a link to it. */
  rideId: z.uuid().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const CsrfTokenResponseSchema = z.object({ csrfToken: z.string() });
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponseSchema>;
