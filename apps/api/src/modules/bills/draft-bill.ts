import { and, eq, isNull, sql } from 'drizzle-orm';
import { appointments, bills, tripEvents, type Database } from '@app/db';
import {
  billTotal,
  draftLines,
  ENTERED_LINE_KINDS,
  type BillLine,
  type TripStatus,
} from '@app/shared';
import { readBillRules } from './bill-rules.ts';

const isEntered = (line: BillLine) => (ENTERED_LINE_KINDS as readonly string[]).includes(line.kind);

/**
 * Drafts a completed ride's bill, in the transaction that completes it: the ride at its booked
 * price and any time over from the chauffeur's statuses (`draftLines`), less the deposit. A ride
 * completed again after an undo is drafted again, keeping the lines people entered (tolls,
 * parking, adjustments); a bill already sent is left as it was sent.
 */
export async function draftBill(tx: Database, appointmentId: string, now: Date): Promise<void> {
  const [ride] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId));
  if (!ride) throw new Error(`No appointment ${appointmentId} to bill`);
  const taps = await tx
    .select({ status: tripEvents.status, at: tripEvents.at })
    .from(tripEvents)
    .where(and(eq(tripEvents.appointmentId, appointmentId), isNull(tripEvents.undoneAt)));
  const statusTimes: Partial<Record<TripStatus, Date>> = {};
  for (const tap of taps) statusTimes[tap.status] = tap.at;
  const rules = await readBillRules(tx);
  const computed = draftLines(
    {
      priceCents: ride.priceCents,
      depositCents: ride.amountCents,
      lengthMinutes: ride.lengthMinutes,
      slotStart: ride.slotStart,
      statusTimes,
    },
    rules,
  );
  const [existing] = await tx
    .select({ lines: bills.lines, status: bills.status })
    .from(bills)
    .where(eq(bills.appointmentId, appointmentId))
    .for('update');
  if (existing && existing.status !== 'draft') return;
  const lines = [...computed, ...(existing?.lines.filter(isEntered) ?? [])];
  const values = { lines, totalCents: Math.max(0, billTotal(lines)), updatedAt: now };
  await tx
    .insert(bills)
    .values({ appointmentId, depositCents: ride.amountCents, draftedAt: now, ...values })
    .onConflictDoUpdate({
      target: bills.appointmentId,
      set: { ...values, draftedAt: now, version: sql`${bills.version} + 1` },
      where: eq(bills.status, 'draft'),
    });
}
