import { eq, sql } from 'drizzle-orm';
import { appointments, type Appointment } from '@app/db';
import type { EditRideRequest } from '@app/shared';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { currentRide, rideChangedMessage } from './ride-state.ts';

export const NOTHING_TO_CORRECT_MESSAGE = 'These are the ride’s details already: nothing changed.';
export const NO_RETURN_RIDE_MESSAGE =
  'This ride has no return ride: leave the return addresses empty.';

/** The details an owner may correct, with the words the customer is told them in. */
const FIELDS = {
  phone: 'phone number',
  pickupAddress: 'pickup address',
  dropoffAddress: 'drop-off address',
  pickupNotes: 'notes',
  returnPickupAddress: 'return pickup address',
  returnDropoffAddress: 'return drop-off address',
} as const satisfies Partial<Record<keyof Appointment, string>>;
type Field = keyof typeof FIELDS;

/**
 * An owner corrects a paid ride's phone, addresses or notes (the customer called), with a reason
 * the customer is told. The row is locked while it is read, so the audit event's before is
 * exactly what was replaced and no one else changes it before the commit; the calendar
 * invite's sequence goes up (its location may have changed) and the customer's email carries it.
 */
export async function editRide(
  changes: AppointmentChanges,
  input: {
    id: string;
    actor: AuditActor;
    request: Required<Omit<EditRideRequest, 'reason'>> & { reason: string };
    now: Date;
  },
): Promise<void> {
  const { id, actor, request, now } = input;
  await changes.run(async (tx) => {
    const before = await currentRide(tx, id, { lock: true });
    if (before.status !== 'paid') throw AppError.conflict(rideChangedMessage(before.status));
    if (
      !before.needsReturnRide &&
      (request.returnPickupAddress !== '' || request.returnDropoffAddress !== '')
    ) {
      throw AppError.badRequest(NO_RETURN_RIDE_MESSAGE);
    }
    const changed = (Object.keys(FIELDS) as Field[]).filter(
      (field) => request[field] !== before[field],
    );
    if (changed.length === 0) throw AppError.badRequest(NOTHING_TO_CORRECT_MESSAGE);
    const pick = (from: Record<Field, string>) =>
      Object.fromEntries(changed.map((field) => [field, from[field]]));

    // Locked above: the ride is still paid, and no one else changes it before we commit.
    await tx
      .update(appointments)
      .set({
        ...pick(request),
        calendarSequence: sql`${appointments.calendarSequence} + 1`,
        updatedAt: now,
      })
      .where(eq(appointments.id, id));
    return {
      change: null,
      consequences: {
        audit: [
          {
            actor,
            action: 'appointment.details_changed',
            at: now,
            serviceId: before.serviceId,
            appointmentId: id,
            before: pick(before),
            after: { ...pick(request), reason: request.reason },
          },
        ],
        message: {
          kind: 'details_changed',
          appointmentId: id,
          at: now,
          fields: changed.map((field) => FIELDS[field]),
          reason: request.reason,
        },
      },
      result: undefined,
    };
  });
}
