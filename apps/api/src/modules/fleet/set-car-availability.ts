import { eq } from 'drizzle-orm';
import { services, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { CAR_NOT_FOUND_MESSAGE, carToChange, type ServiceRow } from './fleet-car.ts';

/**
 * Puts a car on the road (customers may book it) or takes it off (they may not: the booking
 * and a customer's reschedule refuse it), with its `service.updated` event, in one
 * transaction on the locked row. Its rides already booked are kept as they are: nothing is
 * cancelled. Setting what it already is changes and records nothing.
 */
export async function setCarAvailability(
  db: Database,
  serviceId: string,
  available: boolean,
  change: { actor: AuditActor; now: Date },
): Promise<ServiceRow> {
  return db.transaction(async (tx) => {
    const current = await carToChange(tx, serviceId, true);
    if (current.available === available) return current;
    const [row] = await tx
      .update(services)
      .set({ available })
      .where(eq(services.id, serviceId))
      .returning();
    if (!row) throw AppError.notFound(CAR_NOT_FOUND_MESSAGE);
    await recordAudit(tx, {
      actor: change.actor,
      action: 'service.updated',
      at: change.now,
      serviceId,
      before: { available: current.available },
      after: { available },
    });
    return row;
  });
}
