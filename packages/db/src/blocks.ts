import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * A car's blocks (maintenance, the owner's own use) and its bookings share one rule: no two of a
 * car's stretches overlap (ADR 018). The database keeps it (sql/blocks.sql's triggers and the
 * exclusion constraint); code that asks first, for an answer rather than an error, uses these.
 */

/** Whether any block of a car (a column or a value) overlaps the stretch [from, until). */
export function stretchIsBlocked(
  serviceId: SQLWrapper | string,
  from: SQLWrapper | Date,
  until: SQLWrapper | Date,
): SQL<boolean> {
  return sql<boolean>`stretch_is_blocked(${asUuid(serviceId)}, ${asInstant(from)}, ${asInstant(until)})`;
}

/** Whether two stretches [from, until) overlap, as the constraint and the triggers say it. */
export function stretchesOverlap(
  a: { from: SQLWrapper | Date; until: SQLWrapper | Date },
  b: { from: SQLWrapper | Date; until: SQLWrapper | Date },
): SQL<boolean> {
  return sql<boolean>`tstzrange(${asInstant(a.from)}, ${asInstant(a.until)}) && tstzrange(${asInstant(b.from)}, ${asInstant(b.until)})`;
}

function asUuid(value: SQLWrapper | string): SQLWrapper {
  return typeof value === 'string' ? sql`${value}::uuid` : value;
}

function asInstant(value: SQLWrapper | Date): SQLWrapper {
  return value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value;
}
