import { and, eq, gte, inArray, isNull, count } from 'drizzle-orm';
import { appointments, services, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { CAR_NOT_FOUND_MESSAGE, type ServiceRow } from './fleet-car.ts';

export const CAR_ALREADY_RETIRED_MESSAGE = 'This car is already retired.';

/**
 * Takes a car off the site for good: `retiredAt` set and `available` false (so nothing books
 * it, whatever page a visitor still has open), in one conditional update with its
 * `service.retired` event. The car's rides stay as they were, and keep naming it. Answers the
 * car and how many rides it still has ahead (paid or held), for the owner to deal with.
 */
export async function retireCar(
  db: Database,
  serviceId: string,
  change: { actor: AuditActor; now: Date },
): Promise<{ row: ServiceRow; ridesAhead: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ available: services.available })
      .from(services)
      .where(eq(services.id, serviceId));
    const [row] = await tx
      .update(services)
      .set({ retiredAt: change.now, available: false })
      .where(and(eq(services.id, serviceId), isNull(services.retiredAt)))
      .returning();
    if (!row) {
      throw before
        ? AppError.conflict(CAR_ALREADY_RETIRED_MESSAGE)
        : AppError.notFound(CAR_NOT_FOUND_MESSAGE);
    }
    await recordAudit(tx, {
      actor: change.actor,
      action: 'service.retired',
      at: change.now,
      serviceId,
      before: { retiredAt: null, available: before?.available ?? row.available },
      after: { retiredAt: change.now.toISOString(), available: false },
    });
    const [ahead] = await tx
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.serviceId, serviceId),
          gte(appointments.slotStart, change.now),
          inArray(appointments.status, ['paid', 'pending_payment']),
        ),
      );
    return { row, ridesAhead: ahead?.n ?? 0 };
  });
}
