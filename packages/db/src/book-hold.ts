import { getTableColumns, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { preparedStatement } from './prepared.ts';
import { appointments } from './schema.ts';

export type Appointment = typeof appointments.$inferSelect;

const columns = getTableColumns(appointments);

/** What bounds a customer's holds (the API reads them from its configuration). */
export interface HoldLimits {
  /** Live unpaid holds one account may have at once. */
  perAccount: number;
  /** Live unpaid holds one client address (an IPv6 /64) may have at once, across accounts. */
  perAddress: number;
  /** An account that let `max` holds run out unpaid within `windowMs` waits until one is older. */
  lapsesPerAccount: { max: number; windowMs: number };
}

/** What `book_hold` did. */
export type BookHoldOutcome =
  /** The hold was made. */
  | { outcome: 'booked'; appointmentId: string }
  /** The same booking was made before (a retry whose first answer was lost): that one. */
  | { outcome: 'retried'; appointmentId: string }
  /** The booking's idempotency key was used before for a booking with other details. */
  | { outcome: 'key_reused' }
  /** The customer already holds as many unpaid slots as they may. */
  | { outcome: 'too_many_holds' }
  /** Their client address already holds as many unpaid slots as it may. */
  | { outcome: 'too_many_address_holds' }
  /** The customer let too many holds run out lately: they may hold again from `retryAt`. */
  | { outcome: 'lapsed_too_often'; retryAt: Date }
  /** The owner blocked the car during the stretch (`stretchIsBlocked`). */
  | { outcome: 'blocked' }
  /** The owner blocked the car during the return leg's stretch. */
  | { outcome: 'return_blocked' }
  /** A live booking of the car overlaps the return leg's stretch: neither leg is held. */
  | { outcome: 'return_taken' }
  /** A live booking of the car overlaps the stretch: paid, a hold still running, or one made a moment before. */
  | { outcome: 'taken' }
  /** The car's neighbours of a leg are no longer those given: judge again whether it can get there. */
  | { outcome: 'neighbours_changed' };

/**
 * A neighbour as the API saw it, as `car_neighbours` (sql/book_hold.sql) writes it: times in
 * epoch milliseconds.
 */
export interface NeighbourSeen {
  id: string;
  start: number;
  end: number;
  pickup: string;
  dropoff: string;
}

/**
 * The car's live bookings around each leg when the API judged the car could get there (ADR
 * 020): `book_hold` reads them again under the car's lock and answers 'neighbours_changed' if
 * they differ.
 */
export interface HoldNeighbours {
  first: { previous: NeighbourSeen | null; next: NeighbourSeen | null };
  return: { previous: NeighbourSeen | null; next: NeighbourSeen | null } | null;
}

/**
 * Books a hold (an appointment awaiting payment) through the `book_hold` function
 * (`sql/book_hold.sql`), in one round trip and one transaction: the customer's row is locked (and
 * their address's lock taken); a retry of a booking already made answers that booking; a stretch
 * the owner blocked is refused (the car's row taken FOR KEY SHARE first, against a block being
 * made); the customer's lapsed and live holds and their address's live holds are counted against
 * the limits; stale holds over the stretch are released, and the row is inserted unless it
 * overlaps a live booking of the car, which the exclusion constraint `appointments_no_overlap`
 * decides (the insert yields to it: 'taken'). Before the insert it takes the car's lock and
 * compares the car's neighbours of each leg with those the API judged reachability by
 * ('neighbours_changed' when they differ: ADR 020).
 */
export async function bookHold(
  db: Database,
  hold: Appointment,
  /** A round trip's return leg, held with the first on the same car, or neither is. */
  returnLeg: Appointment | null,
  at: Date,
  limits: HoldLimits,
  /** The neighbours the car's reach was judged by; null checks nothing (benchmarks). */
  neighbours: HoldNeighbours | null,
): Promise<BookHoldOutcome> {
  const rules = JSON.stringify({
    holds_per_account: limits.perAccount,
    holds_per_address: limits.perAddress,
    lapses_per_account: limits.lapsesPerAccount.max,
    lapse_window_ms: limits.lapsesPerAccount.windowMs,
  });
  const [row] = await bookHoldCall(db).execute({
    hold: asRecordJson(hold),
    returnHold: returnLeg ? asRecordJson(returnLeg) : null,
    at: at.toISOString(),
    rules,
    neighbours: neighbours ? JSON.stringify(neighbours) : null,
  });
  if (!row) throw new Error('book_hold answered nothing');
  switch (row.outcome) {
    case 'booked':
    case 'retried':
      return { outcome: row.outcome, appointmentId: row.appointmentId as string };
    case 'key_reused':
    case 'blocked':
    case 'return_blocked':
    case 'return_taken':
    case 'too_many_holds':
    case 'too_many_address_holds':
    case 'taken':
    case 'neighbours_changed':
      return { outcome: row.outcome };
    case 'lapsed_too_often':
      return { outcome: row.outcome, retryAt: new Date(row.retryAt as string | Date) };
    default:
      throw new Error(`book_hold answered ${row.outcome}`);
  }
}

/** The call, a named statement as the booking's lookups are (ADR 008): planned once a connection. */
const bookHoldCall = preparedStatement((db) =>
  db
    .select({
      outcome: sql<string>`outcome`,
      appointmentId: sql<string | null>`appointment_id`,
      retryAt: sql<string | Date | null>`retry_at`,
    })
    .from(
      sql`book_hold(${sql.placeholder('hold')}::jsonb, ${sql.placeholder('returnHold')}::jsonb, ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('rules')}::jsonb, ${sql.placeholder('neighbours')}::jsonb)`,
    )
    .prepare('book_hold'),
);

/** A row as JSON keyed by column name, as PostgreSQL's jsonb_populate_record reads it. */
function asRecordJson(row: Appointment): string {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    record[columns[key as keyof Appointment].name] = value;
  return JSON.stringify(record);
}
