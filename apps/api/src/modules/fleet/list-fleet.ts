import { asc, sql } from 'drizzle-orm';
import { services, type Database } from '@app/db';
import type { ServiceRow } from './fleet-car.ts';

/** Every car, in catalogue order, the retired ones last (newest retired first). */
export function listFleet(db: Database): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .orderBy(
      sql`${services.retiredAt} is not null`,
      sql`${services.retiredAt} desc nulls first`,
      asc(services.position),
      asc(services.createdAt),
    );
}
