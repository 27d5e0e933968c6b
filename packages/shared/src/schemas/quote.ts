import { z } from 'zod';
import { LENGTH_MESSAGE } from '../booking-length.ts';
import { MESSAGES } from '../messages.ts';
import { parseSlotDateKey, parseSlotTime } from '../slots.ts';
import { optionalAddressField, waitingField } from './booking.ts';

/*
 * `POST /api/service/:serviceId/quote` (docs/product.md, A price from the route): one all-in price
 * for a car, a service type, the two addresses and a day (and time), with the day's free starts
 * the car can reach. A POST, not a GET: addresses stay out of URLs, caches and access logs. It
 * reads only; the booking decides again on its own (the price, the length and the reach are the
 * server's at booking time, never the browser's).
 */

const slotDateField = z
  .string({ error: MESSAGES.selectDateTime })
  .refine((v) => parseSlotDateKey(v) !== null, MESSAGES.selectDateTime);
const slotTimeField = z
  .string({ error: MESSAGES.selectDateTime })
  .refine((v) => parseSlotTime(v) !== null, MESSAGES.selectDateTime);
const chosenLengthField = z
  .number({ error: LENGTH_MESSAGE })
  .int(LENGTH_MESSAGE)
  .positive(LENGTH_MESSAGE)
  .max(7 * 1440, LENGTH_MESSAGE)
  .optional();

/** One leg to price: its day (and time, once chosen), its addresses and its length. */
const QuoteLegSchema = z.object(
  {
    slotDate: slotDateField,
    slotTime: slotTimeField.optional(),
    /** Empty while the customer has not typed it: the quote then has no route. */
    pickupAddress: optionalAddressField('pickup address'),
    dropoffAddress: optionalAddressField('drop-off address'),
    /** A ride's waiting time on top of its route (`WAITING_CHOICES_MINUTES`). */
    waitingMinutes: waitingField,
    /** Hourly and rentals, or a ride whose places cannot be found: the customer's length. */
    lengthMinutes: chosenLengthField,
  },
  { error: MESSAGES.selectDateTime },
);

export const QuoteRequestSchema = z.object({
  serviceType: z
    .string({ error: MESSAGES.selectServiceType })
    .max(60, MESSAGES.selectServiceType)
    .default(''),
  ride: QuoteLegSchema,
  /** A round trip's return leg (its addresses default to the ride's, reversed). */
  returnLeg: QuoteLegSchema.optional(),
});
export type QuoteRequest = z.input<typeof QuoteRequestSchema>;
export type QuoteInput = z.output<typeof QuoteRequestSchema>;

/** The drive between the two addresses, as the estimate found it. */
export const RouteSchema = z.object({
  minutes: z.number().int().nonnegative(),
  miles: z.number().nonnegative(),
  /** The drive rounded up to the quarter hour: what the ride books before any waiting. */
  bookedMinutes: z.number().int().positive(),
  source: z.enum(['google', 'offline']),
});
export type Route = z.infer<typeof RouteSchema>;

/** A ride's price at one time, all in. */
export const PriceSchema = z.object({
  /** By the rate cards, before the promotion. */
  listPrice: z.number(),
  discountPercent: z.number(),
  price: z.number(),
  /** Paid online to book (fees + $1). */
  deposit: z.number(),
  /** Left to pay after the ride. */
  balance: z.number(),
  /** Why, in words: `weekend flat rate`, `first 1 h 15 min + 1 × extra hour`, `20% off Tesla`. */
  reasons: z.array(z.string()),
});
export type Price = z.infer<typeof PriceSchema>;

export const LegQuoteSchema = z.object({
  /** null: not a ride, an address still empty, or a place the estimate cannot find. */
  route: RouteSchema.nullable(),
  /** Said plainly when a ride's places could not be found: the customer's length is used. */
  lengthFrom: z.enum(['route', 'chosen']),
  /** The booked length in minutes (route + waiting, or the chosen length). */
  lengthMinutes: z.number().int().positive(),
  /**
   * The day's starts the car is free for and can reach (its other trips private: no reason is
   * given), each with this leg's price at that time.
   */
  starts: z.array(
    z.object({
      slotTime: z.string(),
      /** The length booked at this start: a ride's drive differs by the hour (rush, night). */
      lengthMinutes: z.number().int().positive(),
      price: z.number(),
      /** The night, weekend or holiday flat rate applies at this start. */
      flatRate: z.boolean(),
    }),
  ),
  /** The price at the chosen time; null before one is chosen (or when it is not offered). */
  price: PriceSchema.nullable(),
});
export type LegQuote = z.infer<typeof LegQuoteSchema>;

export const QuoteResponseSchema = z.object({
  success: z.literal(true),
  kind: z.enum(['ride', 'hourly', 'rental']),
  ride: LegQuoteSchema,
  returnLeg: LegQuoteSchema.nullable(),
  /** Both legs together, once every leg has a price. */
  total: z.object({ price: z.number(), deposit: z.number(), balance: z.number() }).nullable(),
});
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;
