import { MAX_TURNAROUND_MINUTES } from '../occupancy.ts';
import { z } from 'zod';
import { CAR_MAKES } from '../makes.ts';
import type { ServicePhoto } from '../photos.ts';
import { ServiceSchema } from './service.ts';

/*
 * The owner's fleet (`/api/admin/fleet…`): every car with all the catalogue's fields, added,
 * changed, retired, and its photo. Money is in dollars, as the service list sends it.
 */

/** The kinds of ride a car may offer; the booking form lists a car's own. */
export const SERVICE_TYPES = [
  'Point-to-Point Ride',
  'Hourly Chauffeur',
  'Airport Transfer',
  'Long-Distance Ride',
  'Car Rental',
] as const;
export type ServiceTypeName = (typeof SERVICE_TYPES)[number];

/**
 * The rates of a car, in the order the console's form shows them, with their labels: the
 * words the customer reads on the car page (the Regular Rate, Multi-Hour Rate and Rental Price
 * cards; the fee is what the deposit box shows less $1).
 */
export const CAR_RATE_FIELDS = [
  ['fees', 'Booking fee'],
  ['specialServicePricePerHour', 'Regular rate, price per hour'],
  ['specialServicePriceBetweenOneHourFifteen', 'Regular rate, 1 hour to 1 hour 15 minutes'],
  ['specialServicePriceExtra', 'Regular rate, each hour after 1 hour 15 minutes'],
  ['specialServicePriceFlatRate', 'Regular rate, night, weekend and holiday flat rate'],
  ['serviceChargePerHour', 'Multi-hour rate, price per hour'],
  ['rentalDailyPrice', 'Rental price, per day'],
  ['rentalWeeklyPrice', 'Rental price, per week'],
] as const;
export type CarRateField = (typeof CAR_RATE_FIELDS)[number][0];

/** The largest rate the console takes, in dollars (a typo guard, far above any real rate). */
export const MAX_RATE_DOLLARS = 100_000;

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the car's ${label}.` })
    .trim()
    .min(1, `Enter the car's ${label}.`)
    .max(max, `The car's ${label} must be at most ${max} characters.`);

const rate = (label: string) =>
  z
    .number({ error: `${label} must be a dollar amount.` })
    .min(0, `${label} cannot be negative.`)
    .max(MAX_RATE_DOLLARS, `${label} must be at most $${MAX_RATE_DOLLARS.toLocaleString('en-US')}.`)
    // Whole cents: what the database keeps.
    .refine((dollars) => Number.isInteger(Math.round(dollars * 100 * 1e6) / 1e6), {
      message: `${label} must be in whole cents.`,
    });

const rateOf = (field: CarRateField) =>
  rate(CAR_RATE_FIELDS.find(([name]) => name === field)?.[1] ?? field);

export const PLATE_MAX_LENGTH = 10;
export const PLATE_MESSAGE = `The plate is up to ${PLATE_MAX_LENGTH} letters, digits, spaces or dashes.`;
export const DEFAULT_CHAUFFEUR_MESSAGE = 'Choose the default chauffeur from the list.';

/** `POST /admin/fleet/add-car` and `/admin/fleet/:serviceId/update-car`: every field of a car. */
export const CarInputSchema = z.strictObject({
  name: text('name', 80),
  serviceLevel: text('service level', 40),
  type: z.enum(CAR_MAKES, { error: `Choose the car's make: ${CAR_MAKES.join(', ')}.` }),
  about: text('description', 2000),
  address: text('address', 200),
  available: z.boolean({ error: 'Say whether the car is available.' }),
  availableServiceTypes: z
    .array(z.enum(SERVICE_TYPES, { error: `Service types are ${SERVICE_TYPES.join(', ')}.` }), {
      error: 'Choose the service types the car offers.',
    })
    .min(1, 'Choose at least one service type.')
    .max(SERVICE_TYPES.length, 'Choose each service type once.')
    .refine((types) => new Set(types).size === types.length, 'Choose each service type once.'),
  fees: rateOf('fees'),
  specialServicePricePerHour: rateOf('specialServicePricePerHour'),
  specialServicePriceBetweenOneHourFifteen: rateOf('specialServicePriceBetweenOneHourFifteen'),
  specialServicePriceExtra: rateOf('specialServicePriceExtra'),
  specialServicePriceFlatRate: rateOf('specialServicePriceFlatRate'),
  serviceChargePerHour: rateOf('serviceChargePerHour'),
  rentalDailyPrice: rateOf('rentalDailyPrice'),
  rentalWeeklyPrice: rateOf('rentalWeeklyPrice'),
  /** Left out, a new car gets the database's default (4 seats, 2 bags) and a changed one keeps its own. */
  seats: z
    .number({ error: 'Seats must be a whole number.' })
    .int('Seats must be a whole number.')
    .min(1, 'A car has at least 1 seat.')
    .max(60, 'Seats must be at most 60.')
    .optional(),
  bags: z
    .number({ error: 'Bags must be a whole number.' })
    .int('Bags must be a whole number.')
    .min(0, 'Bags cannot be negative.')
    .max(60, 'Bags must be at most 60.')
    .optional(),
  /** The registration plate the customer is told to look for; left out, a car keeps its own. */
  plate: z
    .string({ error: PLATE_MESSAGE })
    .trim()
    .max(PLATE_MAX_LENGTH, PLATE_MESSAGE)
    .regex(/^[A-Za-z0-9 -]*$/, PLATE_MESSAGE)
    .transform((plate) => plate.toUpperCase())
    .optional(),
  /**
   * Who drives its paid rides unless the owner chooses another (when free then); null for
   * nobody; left out, a car keeps its own.
   */
  defaultChauffeurId: z.uuid({ message: DEFAULT_CHAUFFEUR_MESSAGE }).nullable().optional(),
  /**
   * Minutes the car needs after a booking of each kind before the next (ADR 018). Left out, a
   * new car gets the defaults (`DEFAULT_TURNAROUND_MINUTES`) and a changed one keeps its own.
   */
  turnaroundMinutes: z
    .object({
      ride: turnaround('ride'),
      hourly: turnaround('hourly'),
      rental: turnaround('rental'),
    })
    .optional(),
});
export type CarInput = z.infer<typeof CarInputSchema>;

function turnaround(kind: string) {
  const message = `The ${kind} turnaround must be a whole number of minutes from 0 to ${MAX_TURNAROUND_MINUTES}.`;
  return z
    .number({ error: message })
    .int(message)
    .min(0, message)
    .max(MAX_TURNAROUND_MINUTES, message);
}

/** A car as the console sees it: the catalogue's fields, its photo, and whether it is retired. */
export const FleetCarSchema = ServiceSchema.omit({ slots_booked: true, imageSrcSet: true }).extend({
  photo: z
    .object({
      key: z.string(),
      width: z.number(),
      height: z.number(),
      widths: z.array(z.number()),
    })
    .nullable() satisfies z.ZodType<ServicePhoto | null>,
  /** ISO instant; null for a car on the site. */
  retiredAt: z.string().nullable(),
  /** Its rides still to come (paid, or held for payment): kept whatever the car's state. */
  ridesAhead: z.number().int().min(0),
  plate: z.string(),
  defaultChauffeurId: z.uuid().nullable(),
});
export type FleetCar = z.infer<typeof FleetCarSchema>;

export const CAR_AVAILABLE_MESSAGE = 'Say whether the car is available: true or false.';

/** `POST /admin/fleet/:serviceId/availability`: on the road (bookable) or off it. */
export const CarAvailabilitySchema = z.strictObject({
  available: z.boolean({ error: CAR_AVAILABLE_MESSAGE }),
});
export type CarAvailabilityRequest = z.infer<typeof CarAvailabilitySchema>;

/** `GET /admin/fleet`: every car, the retired ones last. */
export const FleetResponseSchema = z.object({
  success: z.literal(true),
  cars: z.array(FleetCarSchema),
});
export type FleetResponse = z.infer<typeof FleetResponseSchema>;

/** Answer of every change to a car: what it is now. */
export const FleetCarResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  car: FleetCarSchema,
});
export type FleetCarResponse = z.infer<typeof FleetCarResponseSchema>;

/** The photo upload: one file, this large at most, of these kinds (checked by its bytes). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

export const PHOTO_TOO_LARGE_MESSAGE = 'The photo is larger than 10 MB. Choose a smaller one.';
export const PHOTO_NOT_AN_IMAGE_MESSAGE = 'The photo must be a JPEG, PNG or WebP image.';
