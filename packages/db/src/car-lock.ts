import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/**
 * The namespace of the per-car lock that serializes the checks no constraint can make: whether
 * the car can reach a stretch from its neighbours (ADR 020). `book_hold` takes it as
 * `pg_advisory_xact_lock(1684913, hashtext(service_id::text))`, after the customer's and the
 * address's locks and before its insert; a move takes it the same way in its transaction.
 */
export const CAR_LOCK_NAMESPACE = 1684913;

/** Takes the car's lock until the caller's transaction ends. */
export async function lockCar(tx: Database, serviceId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(CAR_LOCK_NAMESPACE))}, hashtext(${serviceId}::uuid::text))`,
  );
}
