import { and, eq, inArray, isNull } from 'drizzle-orm';
import { appointments, services, users, type Database } from '@app/db';
import { CHAUFFEUR_BUSY_MESSAGE, STAFF_ROLES } from '@app/shared';
import { isExclusionViolation } from '../../db-errors.ts';
import { AppError } from '../../errors.ts';
import type { AuditActor } from '../audit/record-audit.ts';
import { recordPush } from '../notifications/push/record-push.ts';
import type { AppointmentChanges } from './appointment-changes.ts';
import { currentRide, rideChangedMessage } from './ride-state.ts';

/*
 * Who drives a ride. The database is the last word: `appointments_chauffeur_no_overlap` refuses
 * one person on two live rides whose car times overlap, so every assignment is a write tried in
 * a savepoint and a refusal is an answer, never a check made first and trusted.
 */

export const NOT_A_DRIVER_MESSAGE = 'Choose one of the business’s chauffeurs or owners.';
export const ALREADY_DRIVES_MESSAGE = 'This chauffeur already drives this ride: nothing changed.';

/** The database refused a chauffeur two overlapping rides. */
export function isChauffeurBusy(error: unknown): boolean {
  return isExclusionViolation(error, 'appointments_chauffeur_no_overlap');
}

/** Staff who may drive: the chauffeurs, and owners who drive their own cars. */
const mayDrive = inArray(users.role, [...STAFF_ROLES]);

/**
 * Gives newly paid rides their car's default chauffeur, each ride only if that person is a
 * driver still and free for its whole time; otherwise the ride waits for the owner to assign
 * one. Never fails the payment it is part of: each try is a savepoint of its own. The driver
 * is pushed of it (`recordPush`), in the same transaction.
 */
export async function giveDefaultChauffeur(
  tx: Database,
  appointmentIds: string[],
  at: Date,
): Promise<void> {
  for (const id of appointmentIds) {
    // Most cars have none: then the paid row is not written again.
    const [car] = await tx
      .select({ chauffeurId: services.defaultChauffeurId })
      .from(appointments)
      .innerJoin(services, eq(services.id, appointments.serviceId))
      .innerJoin(users, and(eq(users.id, services.defaultChauffeurId), mayDrive))
      .where(and(eq(appointments.id, id), isNull(appointments.chauffeurId)));
    const chauffeurId = car?.chauffeurId;
    if (!chauffeurId) continue;
    let given = false;
    try {
      const updated = await tx.transaction((savepoint) =>
        savepoint
          .update(appointments)
          .set({ chauffeurId })
          .where(
            and(
              eq(appointments.id, id),
              isNull(appointments.chauffeurId),
              eq(appointments.status, 'paid'),
            ),
          )
          .returning({ id: appointments.id }),
      );
      given = updated.length > 0;
    } catch (error) {
      if (!isChauffeurBusy(error)) throw error;
    }
    if (given)
      await recordPush(tx, { kind: 'chauffeur_assigned', appointmentId: id, chauffeurId, at });
  }
}

/**
 * An owner gives a paid ride to a chauffeur (or an owner), or takes it from whoever drove it
 * (`chauffeurId` null): one transaction, the ride's row locked, the write refused by the
 * database when that person drives another ride then, and the audit event with both names.
 */
export async function assignChauffeur(
  changes: AppointmentChanges,
  input: { id: string; chauffeurId: string | null; actor: AuditActor; now: Date },
): Promise<void> {
  const { id, chauffeurId, actor, now } = input;
  await changes.run(async (tx) => {
    const before = await currentRide(tx, id, { lock: true });
    if (before.status !== 'paid') throw AppError.conflict(rideChangedMessage(before.status));
    if (before.chauffeurId === chauffeurId) throw AppError.conflict(ALREADY_DRIVES_MESSAGE);
    const nameOf = async (userId: string | null) => {
      if (!userId) return null;
      const [driver] = await tx
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.id, userId), mayDrive));
      return driver?.name ?? null;
    };
    const chauffeurName = await nameOf(chauffeurId);
    if (chauffeurId && !chauffeurName) throw AppError.badRequest(NOT_A_DRIVER_MESSAGE);
    try {
      await tx.transaction((savepoint) =>
        savepoint
          .update(appointments)
          .set({ chauffeurId, chauffeurNudgedAt: null, updatedAt: now })
          .where(eq(appointments.id, id)),
      );
    } catch (error) {
      if (isChauffeurBusy(error)) throw AppError.conflict(CHAUFFEUR_BUSY_MESSAGE);
      throw error;
    }
    // The new driver hears of it on their phone, unless they gave it to themselves.
    if (chauffeurId && chauffeurId !== actor.userId)
      await recordPush(tx, { kind: 'chauffeur_assigned', appointmentId: id, chauffeurId, at: now });
    return {
      change: null,
      consequences: {
        audit: [
          {
            actor,
            action: 'appointment.chauffeur_assigned',
            at: now,
            serviceId: before.serviceId,
            appointmentId: id,
            before: {
              chauffeurId: before.chauffeurId,
              chauffeurName: await nameOf(before.chauffeurId),
            },
            after: { chauffeurId, chauffeurName },
          },
        ],
        message: null,
      },
      result: undefined,
    };
  });
}
