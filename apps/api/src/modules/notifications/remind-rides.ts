import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
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
 * A reminder goes only to a ride paid before its window opened (paid strictly earlier than
 * the lead before pickup): the confirmation just said it all. So a ride paid 25 hours ahead gets
 * both, one paid 2 hours ahead (or 3) only the second, one paid exactly 2 hours or 10 minutes
 * ahead neither.
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
          paidBeforeWindow(leads.secondMs),
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
          paidBeforeWindow(leads.firstMs),
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

/**
 * Paid before the window of a reminder `leadMs` before pickup opened. A paid ride without a
 * payment time (seeded, or marked paid by hand) counts as paid long before.
 */
function paidBeforeWindow(leadMs: number): SQL | undefined {
  return or(
    isNull(appointments.paidAt),
    sql`${appointments.paidAt} < ${appointments.slotStart} - make_interval(secs => ${leadMs / 1000})`,
  );
}
