import { sql } from 'drizzle-orm';
import type { Database } from '@app/db';

/*
 * The rule of a car's time (ADR 018) checked in SQL, by the database's own range operator, after
 * a test's bookings, races and changes: whatever happened, it must hold.
 */

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/** Pairs of live rides sharing `column` whose car times overlap. */
async function overlappingPairs(db: Database, column: 'service_id' | 'chauffeur_id') {
  const shared = sql.raw(`a.${column} = b.${column}`);
  const result = (await db.execute(sql`
    select a.id::text as a, b.id::text as b
    from appointments a
    join appointments b
      on ${shared}
     and a.id < b.id
     and tstzrange(a.slot_start, a.occupied_until) && tstzrange(b.slot_start, b.occupied_until)
    where a.status in ('pending_payment', 'paid') and b.status in ('pending_payment', 'paid')
  `)) as unknown as Rows<{ a: string; b: string }>;
  return rowsOf(result);
}

/** Pairs of live bookings (held or paid) of one car whose stretches overlap: must be none. */
export async function overlappingLiveStretches(db: Database): Promise<string[]> {
  return (await overlappingPairs(db, 'service_id')).map((row) => `${row.a} overlaps ${row.b}`);
}

/** Pairs of live rides one person drives whose car times overlap: must be none. */
export async function chauffeursOnOverlappingRides(db: Database): Promise<string[]> {
  return (await overlappingPairs(db, 'chauffeur_id')).map(
    (row) => `${row.a} shares its chauffeur with ${row.b}`,
  );
}

/** Live bookings whose stretch overlaps one of their car's blocks: must be none. */
export async function liveStretchesOverBlocks(db: Database): Promise<string[]> {
  const result = (await db.execute(sql`
    select a.id::text as a, k.id::text as k
    from appointments a
    join blocks k
      on k.service_id = a.service_id
     and tstzrange(a.slot_start, a.occupied_until) && tstzrange(k.starts_at, k.ends_at)
    where a.status in ('pending_payment', 'paid')
  `)) as unknown as Rows<{ a: string; k: string }>;
  return rowsOf(result).map((row) => `${row.a} over block ${row.k}`);
}
