import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * A car's blocks (maintenance, the owner's own use). The rule "a slot starting at s is blocked
 * by a block iff starts_at <= s < ends_at" has one home: the SQL function `block_covers` of the
 * blocks migration (`-- Hand-written:`), which `slot_is_blocked` and `book_hold` call. Code that
 * asks whether a slot is blocked uses these conditions, never its own comparison.
 */

/** Whether a slot of a car (a column or a value) falls in any of that car's blocks. */
export function slotIsBlocked(
  serviceId: SQLWrapper | string,
  slotStart: SQLWrapper | Date,
): SQL<boolean> {
  return sql<boolean>`slot_is_blocked(${asUuid(serviceId)}, ${asInstant(slotStart)})`;
}

/** Whether a slot start falls in one block, given its bounds (columns or values). */
export function blockCovers(
  block: { startsAt: SQLWrapper | Date; endsAt: SQLWrapper | Date },
  slotStart: SQLWrapper | Date,
): SQL<boolean> {
  return sql<boolean>`block_covers(${asInstant(block.startsAt)}, ${asInstant(block.endsAt)}, ${asInstant(slotStart)})`;
}

function asUuid(value: SQLWrapper | string): SQLWrapper {
  return typeof value === 'string' ? sql`${value}::uuid` : value;
}

function asInstant(value: SQLWrapper | Date): SQLWrapper {
  return value instanceof Date ? sql`${value.toISOString()}::timestamptz` : value;
}
