import { and, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import { appointments, stretchesOverlap, type Database } from '@app/db';
import { isExclusionViolation } from '../../db-errors.ts';
import { changeStatus } from './status.ts';

/*
 * A car's time as the API reads and changes it (ADR 018). The database keeps the rule (no two
 * live stretches of a car overlap); these are the reads and the answers around it.
 */

/** A booking that keeps its car at `now`: paid, or a hold still running. */
export function keepsItsCar(now: Date): SQL {
  return or(
    eq(appointments.status, 'paid'),
    and(eq(appointments.status, 'pending_payment'), gt(appointments.holdExpiresAt, now)),
  ) as SQL;
}

/** A booking's stretch overlaps [from, until). */
export function overlapsStretch(from: Date, until: Date): SQL {
  return stretchesOverlap(
    { from: appointments.slotStart, until: appointments.occupiedUntil },
    { from, until },
  );
}

/**
 * Releases the car's holds past their time over [from, until): an abandoned checkout keeps no
 * car (as book_hold does before it books), so a reschedule, a block or a late payment may take
 * the time. Within the caller's transaction.
 */
export async function releaseStaleHoldsOver(
  tx: Database,
  serviceId: string,
  stretch: { from: Date; until: Date },
  now: Date,
): Promise<void> {
  await changeStatus(
    tx,
    and(
      eq(appointments.serviceId, serviceId),
      overlapsStretch(stretch.from, stretch.until),
      lt(appointments.holdExpiresAt, now),
    ),
    'pending_payment',
    'expired',
    now,
  );
}

/** The database refused a stretch over another booking of the car (`appointments_no_overlap`). */
export function isCarTimeTaken(error: unknown): boolean {
  return isExclusionViolation(error, 'appointments_no_overlap');
}

/** The database refused a booking's stretch over one of the car's blocks. */
export function isCarTimeBlocked(error: unknown): boolean {
  return isExclusionViolation(error, 'appointments_clear_of_blocks');
}
