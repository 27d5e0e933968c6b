import { eq } from 'drizzle-orm';
import { services, type Database } from '@app/db';
import type { CarInput } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import {
  assertMayDrive,
  CAR_NOT_FOUND_MESSAGE,
  carToChange,
  carColumns,
  carSnapshot,
  changedFields,
  type ServiceRow,
} from './fleet-car.ts';

/**
 * Replaces every field of a car on the site, and writes what changed (`service.updated`, the
 * changed fields before and after) in the same transaction. The row is locked while it is
 * compared, so two owners' edits are recorded one after the other, each against the last.
 */
export async function updateCar(
  db: Database,
  serviceId: string,
  input: CarInput,
  change: { actor: AuditActor; now: Date },
): Promise<ServiceRow> {
  return db.transaction(async (tx) => {
    const current = await carToChange(tx, serviceId, true);
    await assertMayDrive(tx, input);
    const [row] = await tx
      .update(services)
      .set(carColumns(input))
      .where(eq(services.id, serviceId))
      .returning();
    if (!row) throw AppError.notFound(CAR_NOT_FOUND_MESSAGE);
    const { before, after } = changedFields(carSnapshot(current), carSnapshot(row));
    if (Object.keys(after).length > 0) {
      await recordAudit(tx, {
        actor: change.actor,
        action: 'service.updated',
        at: change.now,
        serviceId,
        before,
        after,
      });
    }
    return row;
  });
}
