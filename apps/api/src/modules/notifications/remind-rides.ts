import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import type { RecordMessages } from './record-messages.ts';

export interface ReminderLeads {
  /** How long before pickup the first reminder goes (24 hours): a duration, not a wall time. */
  firstMs: number;
  /** And the second (2 hours), texted too when the customer agreed to texts. */
  secondMs: number;
}

export const REMINDER_DEFAULTS: ReminderLeads = {
  firstMs: 24 * 3_600_000,
  secondMs: 2 * 3_600_000,
};

/**
 * One run of the `remind-rides` job. Each reminder is claimed once by a conditional update of
 * its column (`reminded24hAt` / `reminded2hAt`, null until then; a reschedule clears both) in
 * the transaction that writes its outbox rows, so two instances never remind twice. Leads are
 * durations before the pickup instant, so a DST change between the two does not move them.
 * A ride paid less than the first lead ahead gets only the second reminder.
 */
export async function remindRides(
  db: Database,
  record: RecordMessages,
  now: Date,
  leads: ReminderLeads = REMINDER_DEFAULTS,
): Promise<{ first: number; second: number }> {
  const at = (ms: number) => new Date(now.getTime() + ms);
  return db.transaction(async (tx) => {
    const second = await tx
      .update(appointments)
      .set({ reminded2hAt: now })
      .where(
        and(
          eq(appointments.status, 'paid'),
          isNull(appointments.reminded2hAt),
          gt(appointments.slotStart, now),
          lte(appointments.slotStart, at(leads.secondMs)),
        ),
      )
      .returning({ id: appointments.id, slotStart: appointments.slotStart });
    const first = await tx
      .update(appointments)
      .set({ reminded24hAt: now })
      .where(
        and(
          eq(appointments.status, 'paid'),
          isNull(appointments.reminded24hAt),
          gt(appointments.slotStart, at(leads.secondMs)),
          lte(appointments.slotStart, at(leads.firstMs)),
          // Paid inside the window: the confirmation just said it all.
          sql`${appointments.paidAt} <= ${appointments.slotStart} - make_interval(secs => ${leads.firstMs / 1000})`,
        ),
      )
      .returning({ id: appointments.id, slotStart: appointments.slotStart });
    for (const ride of first)
      await record(tx, {
        kind: 'reminder_24h',
        appointmentId: ride.id,
        at: now,
        slotStart: ride.slotStart,
      });
    for (const ride of second)
      await record(tx, {
        kind: 'reminder_2h',
        appointmentId: ride.id,
        at: now,
        slotStart: ride.slotStart,
      });
    return { first: first.length, second: second.length };
  });
}
