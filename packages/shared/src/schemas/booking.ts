import { z } from 'zod';
import {
  LENGTH_MESSAGE,
  RETURN_TIME_MESSAGE,
  WAITING_CHOICES_MINUTES,
  WAITING_MESSAGE,
} from '../booking-length.ts';
import { MESSAGES } from '../messages.ts';
import { parseSlotDateKey, parseSlotTime } from '../slots.ts';
import {
  ADDRESS_MAX_LENGTH,
  countWords,
  isValidBookingPhone,
  NOTES_MAX_CHARACTERS,
  NOTES_TOO_LONG_MESSAGE,
  NOTES_MAX_WORDS,
} from '../booking-rules.ts';

// Words are what the form limits; the character cap only stops absurd input (50 long words pass).
export const notesField = z
  .string({ error: 'Notes must be text.' })
  .max(NOTES_MAX_CHARACTERS, NOTES_TOO_LONG_MESSAGE)
  .refine((v) => countWords(v) <= NOTES_MAX_WORDS, 'Notes must be at most 50 words.')
  .default('');
export const addressField = (label: string) =>
  z
    .string({ error: `Please enter the ${label}.` })
    .trim()
    .min(1, `Please enter the ${label}.`)
    .max(ADDRESS_MAX_LENGTH, `The ${label} must be at most ${ADDRESS_MAX_LENGTH} characters.`);
export const optionalAddressField = (label: string) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .max(ADDRESS_MAX_LENGTH, `The ${label} must be at most ${ADDRESS_MAX_LENGTH} characters.`)
    .default('');
/** A ride's waiting time on top of its route (`WAITING_CHOICES_MINUTES`). */
export const waitingField = z
  .number({ error: WAITING_MESSAGE })
  .refine((v) => WAITING_CHOICES_MINUTES.includes(v), WAITING_MESSAGE)
  .default(0);

/** `POST /user/book-appointment`. The server decides the price; the browser never sends one. */
export const BookingRequestSchema = z
  .object({
    serviceId: z.uuid({ message: 'Invalid service id' }),
    slotDate: z
      .string({ error: MESSAGES.selectDateTime })
      .refine((v) => parseSlotDateKey(v) !== null, MESSAGES.selectDateTime),
    slotTime: z
      .string({ error: MESSAGES.selectDateTime })
      .refine((v) => parseSlotTime(v) !== null, MESSAGES.selectDateTime),
    phone: z
      .string({ error: MESSAGES.invalidPhone })
      .refine(isValidBookingPhone, MESSAGES.invalidPhone),
    pickupAddress: addressField('pickup address'),
    dropoffAddress: addressField('drop-off address'),
    pickupNotes: notesField,
    /**
     * How long the car is booked, in minutes: one of the kind's lengths (`LENGTH_CHOICES`).
     * Beyond the spec's request; without it the kind's shortest (ADR 018). A ride whose two
     * places the server finds is booked for its route plus `waitingMinutes` instead.
     */
    lengthMinutes: z
      .number({ error: LENGTH_MESSAGE })
      .int(LENGTH_MESSAGE)
      .positive(LENGTH_MESSAGE)
      .max(7 * 1440, LENGTH_MESSAGE)
      .optional(),
    /** A ride's waiting time on top of its route, in minutes. Beyond the spec's request. */
    waitingMinutes: waitingField,
    selectedServiceType: z
      .string({ error: MESSAGES.selectServiceType })
      .max(60, MESSAGES.selectServiceType)
      .default(''),
    /** Unset until the customer answers the return-ride question. */
    needsReturnRide: z
      .boolean({ error: 'Please say whether you need a return ride.' })
      .nullable()
      .default(null),
    returnPickupNotes: notesField,
    /**
     * The customer agreed to ride texts (the booking policy's checkbox). Beyond the spec's
     * request; left out, the ride's messages go by email only.
     */
    smsConsent: z.boolean({ error: 'Invalid text consent' }).optional(),
    returnPickupAddress: optionalAddressField('return pickup address'),
    returnDropoffAddress: optionalAddressField('return drop-off address'),
    /**
     * A round trip (ADR 018): the return leg's own day, time and length, on the same car. Left
     * out, a return ride asked for is booked later ("I'll book the return later").
     */
    returnSlotDate: z
      .string({ error: RETURN_TIME_MESSAGE })
      .refine((v) => parseSlotDateKey(v) !== null, RETURN_TIME_MESSAGE)
      .optional(),
    returnSlotTime: z
      .string({ error: RETURN_TIME_MESSAGE })
      .refine((v) => parseSlotTime(v) !== null, RETURN_TIME_MESSAGE)
      .optional(),
    returnLengthMinutes: z
      .number({ error: LENGTH_MESSAGE })
      .int(LENGTH_MESSAGE)
      .positive(LENGTH_MESSAGE)
      .max(7 * 1440, LENGTH_MESSAGE)
      .optional(),
    returnWaitingMinutes: waitingField,
    /**
     * Made by the browser for each booking attempt and sent again with its retries: a retry
     * whose first answer was lost gets the hold the first made (ADR 012).
     */
    idempotencyKey: z.uuid({ error: 'Invalid idempotency key' }).optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.returnSlotDate === undefined) !== (v.returnSlotTime === undefined)) {
      ctx.addIssue({ code: 'custom', message: RETURN_TIME_MESSAGE });
    }
    if (v.needsReturnRide === true) return;
    if (v.returnSlotDate !== undefined || v.returnLengthMinutes !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Return ride details are only needed for a return ride.',
      });
      return;
    }
    const returnFields = [v.returnPickupAddress, v.returnDropoffAddress, v.returnPickupNotes];
    if (returnFields.some((field) => field.trim() !== '')) {
      ctx.addIssue({
        code: 'custom',
        message: 'Return ride details are only needed for a return ride.',
      });
    }
  });
export type BookingRequest = z.input<typeof BookingRequestSchema>;
export type BookingInput = z.output<typeof BookingRequestSchema>;

/** `POST /user/book-appointment` answers the new hold's id. */
export const BookingResponseSchema = z.object({
  success: z.literal(true),
  appointmentId: z.uuid(),
  /** A round trip's return leg, held with it and paid in its checkout. */
  returnAppointmentId: z.uuid().optional(),
  message: z.string(),
});
export type BookingResponse = z.infer<typeof BookingResponseSchema>;

/** Where a booked ride goes: added after the product's fields on `/success` and My Appointments. */
export const TripSchema = z.object({
  pickupAddress: z.string(),
  dropoffAddress: z.string(),
  /** null: no return ride asked for. */
  returnRide: z
    .object({
      pickupAddress: z.string(),
      dropoffAddress: z.string(),
      /**
       * A round trip's return leg, booked with this ride (its own ride), and whether it has
       * been cancelled since (alone, or with this ride); null: to book later.
       */
      leg: z
        .object({
          id: z.uuid(),
          slotDate: z.string(),
          slotTime: z.string(),
          cancelled: z.boolean(),
        })
        .nullable(),
    })
    .nullable(),
  /** This ride is a round trip's return leg (ADR 018). */
  isReturnLeg: z.boolean(),
});
export type Trip = z.infer<typeof TripSchema>;

/** One entry of `GET /user/appointments`. */
export const AppointmentViewSchema = z.object({
  _id: z.string(),
  serviceData: z.object({ image: z.string(), name: z.string(), address: z.string() }),
  type: z.string(),
  slotDate: z.string(),
  slotTime: z.string(),
  payment: z.boolean(),
  cancelled: z.boolean(),
  isCompleted: z.boolean(),
  /** After the product's fields (docs/product.md, "Holds and payment"): the pickup, the drop-off and the return ride. */
  trip: TripSchema,
});
export type AppointmentView = z.infer<typeof AppointmentViewSchema>;

export const AppointmentsResponseSchema = z.object({
  success: z.literal(true),
  appointments: z.array(AppointmentViewSchema),
});
export type AppointmentsResponse = z.infer<typeof AppointmentsResponseSchema>;
