import { getTableColumns, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { appointments } from './schema.ts';

export type Appointment = typeof appointments.$inferSelect;

const columns = getTableColumns(appointments);

/**
 * Inserts a hold (an appointment awaiting payment) through the `book_hold` function of
 * migration 0003, in one round trip and one transaction: the customer's row is locked, their
 * live holds are counted (false, and nothing written, when `maxHolds` are already live), a
 * stale hold on the same slot is released, and the row is inserted. A live appointment already
 * on the slot makes it throw the unique violation of `appointments_one_live_per_slot`.
 */
export async function bookHold(
  db: Database,
  hold: Appointment,
  at: Date,
  maxHolds: number,
): Promise<boolean> {
  const result = (await db.execute(
    sql`select book_hold(${asRecordJson(hold)}::jsonb, ${at.toISOString()}::timestamptz, ${maxHolds}::integer) as booked`,
  )) as unknown as { rows: { booked: boolean }[] };
  return result.rows[0]?.booked === true;
}

/** A row as JSON keyed by column name, as PostgreSQL's jsonb_populate_record reads it. */
function asRecordJson(row: Appointment): string {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    record[columns[key as keyof Appointment].name] = value;
  return JSON.stringify(record);
}
