import { and, eq, sql } from 'drizzle-orm';
import { appointments, bills, type Database } from '@app/db';
import { billTotal, type BillLine } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

export const BILL_NOT_FOUND_MESSAGE =
  'This ride has no bill yet: it is drafted when the ride is done.';
export const BILL_CHANGED_MESSAGE =
  'This bill was changed since you opened it. Look at it again before you save.';
export const BILL_ALREADY_SENT_MESSAGE = 'This bill has been sent, so it can no longer be changed.';
export const BILL_NEGATIVE_MESSAGE = 'The bill cannot come to less than nothing.';

/**
 * A ride's bill locked for a change of its lines, in the caller's transaction: 404 before it is
 * drafted, 409 once it has been sent.
 */
export async function lockDraftBill(tx: Database, appointmentId: string) {
  const [bill] = await tx
    .select({
      lines: bills.lines,
      status: bills.status,
      version: bills.version,
      serviceId: appointments.serviceId,
    })
    .from(bills)
    .innerJoin(appointments, eq(appointments.id, bills.appointmentId))
    .where(eq(bills.appointmentId, appointmentId))
    .for('update', { of: bills });
  if (!bill) throw AppError.notFound(BILL_NOT_FOUND_MESSAGE);
  if (bill.status !== 'draft') throw AppError.conflict(BILL_ALREADY_SENT_MESSAGE);
  return bill;
}

type LockedDraftBill = Awaited<ReturnType<typeof lockDraftBill>>;

/**
 * A locked draft's lines replaced, in the caller's transaction: the total kept with them, the
 * version bumped (the row is locked, so the version read is the one bumped) and the change
 * audited with the lines before and after, as one `bill.adjusted` whoever made it.
 */
export async function replaceBillLines(
  tx: Database,
  bill: LockedDraftBill,
  change: { appointmentId: string; lines: BillLine[]; actor: AuditActor; now: Date },
): Promise<void> {
  await tx
    .update(bills)
    .set({
      lines: change.lines,
      totalCents: Math.max(0, billTotal(change.lines)),
      version: sql`${bills.version} + 1`,
      updatedAt: change.now,
    })
    .where(and(eq(bills.appointmentId, change.appointmentId), eq(bills.version, bill.version)));
  await recordAudit(tx, {
    actor: change.actor,
    action: 'bill.adjusted',
    at: change.now,
    serviceId: bill.serviceId,
    appointmentId: change.appointmentId,
    before: { lines: bill.lines },
    after: { lines: change.lines },
  });
}

/**
 * The owner's adjustment of a drafted bill: its lines replaced as the form shows them, on the
 * version the owner saw (a stale form is refused, not merged), in one transaction.
 */
export async function adjustBill(
  db: Database,
  input: {
    appointmentId: string;
    version: number;
    lines: BillLine[];
    actor: AuditActor;
    now: Date;
  },
): Promise<void> {
  if (billTotal(input.lines) < 0) throw AppError.badRequest(BILL_NEGATIVE_MESSAGE);
  await db.transaction(async (tx) => {
    const bill = await lockDraftBill(tx, input.appointmentId);
    if (bill.version !== input.version) throw AppError.conflict(BILL_CHANGED_MESSAGE);
    await replaceBillLines(tx, bill, input);
  });
}
