import { lt } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { changeStatus, type AppointmentChange } from './status.ts';

/**
 * Releases every hold past its time (a job, every minute and at start; book_hold also frees the
 * slot it books). The service list needs no telling: it already ignores holds past their time.
 */
export function releaseExpiredHolds(db: Database, now: Date): Promise<AppointmentChange[]> {
  return changeStatus(db, lt(appointments.holdExpiresAt, now), 'pending_payment', 'expired', now);
}
