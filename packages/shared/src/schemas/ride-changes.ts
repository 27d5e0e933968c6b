import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { isValidBookingPhone } from '../booking-rules.ts';
import { parseSlotDateKey, parseSlotTime } from '../slots.ts';
import { addressField, notesField, optionalAddressField } from './booking.ts';

/*
 * The owner's changes of a paid ride from the console (docs/product.md, The console): a move to
 * another time or car, and a correction of the customer's details. Each says why, in words the
 * customer is told.
 */

/** How long after marking a ride completed or a no-show an owner may undo it. */
export const FINISH_UNDO_MINUTES = 30;

export const CHANGE_REASON_MAX_LENGTH = 500;
export const CHANGE_REASON_MESSAGE = 'Please give the customer a reason for the change.';
export const CHANGE_REASON_LONG_MESSAGE = `The reason must be at most ${CHANGE_REASON_MAX_LENGTH} characters.`;
export const MOVE_TIME_MESSAGE = 'Choose the day and time to move the ride to.';

const reason = z
  .string({ error: CHANGE_REASON_MESSAGE })
  .trim()
  .min(1, CHANGE_REASON_MESSAGE)
  .max(CHANGE_REASON_MAX_LENGTH, CHANGE_REASON_LONG_MESSAGE);

/**
 * `POST /admin/rides/:id/move`: a new start (same grid as booking) and, maybe, another car.
 * `from` is where the owner saw the ride: if it has moved since (another owner, the customer),
 * nothing happens and the answer is 409, so no one moves a ride they have not seen as it is.
 */
export const MoveRideSchema = z.object({
  from: z.object(
    { serviceId: z.uuid(), slotDate: z.string(), slotTime: z.string() },
    { error: 'Say where the ride was when you chose to move it.' },
  ),
  slotDate: z
    .string({ error: MOVE_TIME_MESSAGE })
    .refine((v) => parseSlotDateKey(v) !== null, MOVE_TIME_MESSAGE),
  slotTime: z
    .string({ error: MOVE_TIME_MESSAGE })
    .refine((v) => parseSlotTime(v) !== null, MOVE_TIME_MESSAGE),
  /** Another car offering the ride's service type; left out, the same car. */
  serviceId: z.uuid({ message: 'Invalid car id' }).optional(),
  reason,
  /**
   * Move it even though the car cannot get there in time from its previous drop-off or on to its
   * next pickup (the owner was shown why, answer code `unreachable`); audited with the reason.
   */
  overrideReach: z.boolean().optional(),
});
export type MoveRideRequest = z.input<typeof MoveRideSchema>;

/**
 * `POST /admin/rides/:id/details`: the customer's phone, addresses and notes as they should be
 * (all of them, as the form shows them; a return ride's addresses only when one was asked for).
 */
export const EditRideSchema = z.object({
  phone: z
    .string({ error: MESSAGES.invalidPhone })
    .refine(isValidBookingPhone, MESSAGES.invalidPhone),
  pickupAddress: addressField('pickup address'),
  dropoffAddress: addressField('drop-off address'),
  pickupNotes: notesField,
  returnPickupAddress: optionalAddressField('return pickup address'),
  returnDropoffAddress: optionalAddressField('return drop-off address'),
  reason,
});
export type EditRideRequest = z.input<typeof EditRideSchema>;
