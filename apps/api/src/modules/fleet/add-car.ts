import { sql } from 'drizzle-orm';
import { services, type Database } from '@app/db';
import type { CarInput, CarMake } from '@app/shared';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { assertMayDrive, carColumns, carSnapshot, type ServiceRow } from './fleet-car.ts';

/** A new car shows a drawing of its make until its photo is uploaded. */
const ARTWORK_OF_MAKE: Record<CarMake, string> = {
  Tesla: '/images/cars/tesla-model-3.svg',
  Honda: '/images/cars/honda-accord.svg',
  Toyota: '/images/cars/toyota-camry.svg',
  Kia: '/images/cars/kia-k5.svg',
  Chevrolet: '/images/cars/chevrolet-equinox.svg',
};

/**
 * Adds a car at the end of the catalogue, and its `service.created` event, in one transaction.
 */
export async function addCar(
  db: Database,
  input: CarInput,
  change: { actor: AuditActor; now: Date },
): Promise<ServiceRow> {
  return db.transaction(async (tx) => {
    await assertMayDrive(tx, input);
    const [row] = await tx
      .insert(services)
      .values({
        ...carColumns(input),
        image: ARTWORK_OF_MAKE[input.type],
        position: sql`(select coalesce(max(${services.position}), 0) + 1 from ${services})`,
        createdAt: change.now,
      })
      .returning();
    if (!row) throw new Error('the insert returned no row');
    await recordAudit(tx, {
      actor: change.actor,
      action: 'service.created',
      at: change.now,
      serviceId: row.id,
      before: null,
      after: carSnapshot(row),
    });
    return row;
  });
}
