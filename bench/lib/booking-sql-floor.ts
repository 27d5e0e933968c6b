/**
 * PostgreSQL alone on the booking's SQL: what the database can do on this machine without the
 * server or an HTTP load generator, the floor under bench:booking. `npm run bench:booking-sql`
 * prints it on its own; `npm run bench:booking` measures it in the same run as the site.
 *
 * Creates its own database (migrated, demo catalogue), 10,000 customers with sessions, then runs
 * pgbench (C, prepared statements) from `connections` clients for `durationS` seconds, each
 * transaction being the three statements a booking makes: the session lookup, the car lookup and
 * `book_hold` on a stretch of its own, as fast as the clients go or, with a rate, at that mean rate
 * (pgbench's Poisson schedule). Its latencies come from pgbench's per-transaction log; with a
 * rate, each runs from the instant its transaction was due. The database is dropped on cleanup.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, prepareDb } from '@app/db';
import { makeTempDir, percentile, run } from './harness.ts';
import { createBenchDatabase } from './postgres.ts';

const CUSTOMERS = 10_000;
const UNREACHED_LIMITS = JSON.stringify({
  holds_per_account: 1_000_000,
  holds_per_address: 1_000_000,
  lapses_per_account: 1_000_000,
  lapse_window_ms: 86_400_000,
});

/**
 * One booking's statements: a random customer, the next free stretch of the car (an hour's
 * ride and the half-hour turnaround, as the site books a ride by default, each stretch starting
 * where the last one's ends). The hold names every column of `appointments`, as the site's
 * `bookHold` does (`jsonb_populate_record` leaves a column it is not given null, whatever its
 * default); the database is migrated, so the exclusion constraint `appointments_no_overlap`
 * decides each insert as it does the site's.
 */
function bookingScript(carId: string): string {
  const hold = [
    `'id', gen_random_uuid()`,
    `'user_id', (SELECT user_id FROM sessions WHERE token_hash = 't' || :u)`,
    `'service_id', '${carId}'`,
    `'slot_start', stretch.starts`,
    `'slot_date', '1_1_2030'`,
    `'slot_time', '9:30 AM'`,
    `'length_minutes', 60`,
    `'ends_at', stretch.starts + interval '60 minutes'`,
    `'turnaround_minutes', 30`,
    `'occupied_until', stretch.starts + interval '90 minutes'`,
    `'price_cents', 9500`,
    `'status', 'pending_payment'`,
    `'service_type', 'Airport transfer'`,
    `'phone', '781-555-0100'`,
    `'pickup_address', '1 Main Street, Norfolk, MA'`,
    `'dropoff_address', 'Logan Airport, Boston, MA'`,
    `'pickup_notes', ''`,
    `'needs_return_ride', false`,
    `'return_pickup_address', ''`,
    `'return_dropoff_address', ''`,
    `'return_pickup_notes', ''`,
    `'amount_cents', 8600`,
    `'checkout_session_id', null`,
    `'checkout_expires_at', null`,
    `'payment_intent_id', null`,
    `'booking_key', null`,
    `'client_address_hash', 'bench-' || :u`,
    `'hold_expires_at', now() + interval '33 minutes'`,
    `'paid_at', null`,
    `'cancelled_at', null`,
    `'cancelled_by', null`,
    `'cancel_reason', ''`,
    `'sms_consent_at', now()`,
    `'reminded_24h_at', null`,
    `'reminded_2h_at', null`,
    `'calendar_sequence', 0`,
    `'created_at', now()`,
    `'updated_at', now()`,
  ].join(', ');
  return [
    String.raw`\set u random(1, ${CUSTOMERS})`,
    `SELECT user_id, last_seen_at FROM sessions WHERE token_hash = 't' || :u AND expires_at > now() AND last_seen_at > now() - interval '7 days';`,
    `SELECT * FROM services WHERE id = '${carId}';`,
    // Limits no customer reaches: random customers would otherwise hit them now and then.
    `SELECT b.* FROM (SELECT timestamptz '2030-01-01' + nextval('bench_slot') * interval '90 minutes' AS starts) stretch, ` +
      `book_hold(jsonb_build_object(${hold}), NULL::jsonb, now(), '${UNREACHED_LIMITS}'::jsonb, NULL::jsonb) b;`,
    '',
  ].join('\n');
}

export interface BookingSqlFloor {
  /** Transactions completed (one booking each). */
  bookings: number;
  failed: string;
  bookingsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** What the run was: clients, duration, server, machine. */
  description: string;
}

export interface FloorRun {
  durationS: number;
  connections: number;
  /** Bookings a second to send, whatever the answers' pace; unset, each client books again as
   * soon as it is answered. */
  rate?: number;
}

/** Runs pgbench on a booking's statements and answers its figures. */
export async function measureBookingSqlFloor(options: FloorRun): Promise<BookingSqlFloor> {
  return (await prepareBookingSqlFloor())(options);
}

/**
 * Makes the floor's database once (migrated, demo catalogue, the customers and their sessions)
 * and answers a pgbench run on it, to call as many times as wanted: bench:booking runs it in
 * turn with the site. Every run books slots after the last run's.
 */
export async function prepareBookingSqlFloor(): Promise<
  (options: FloorRun) => Promise<BookingSqlFloor>
> {
  const databaseUrl = await createBenchDatabase('bench_booking_sql');
  const handle = await createDb({ url: databaseUrl, poolSize: 2 });
  await prepareDb(handle, { seed: true });
  await handle.close();

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let carId: string;
  try {
    await client.query(
      `insert into users (name, email)
       select 'Bench Rider ' || g, 'bench-sql-' || g || '@example.com' from generate_series(1, $1::int) g`,
      [CUSTOMERS],
    );
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select 't' || row_number() over (order by id), id, now() + interval '1 day' from users`,
    );
    // Every booking its own stretch, as in bench:booking (a race for one is the contention run's).
    await client.query('create sequence bench_slot');
    const { rows } = await client.query<{ id: string }>(
      'select id from services where available order by position limit 1',
    );
    carId = (rows[0] as { id: string }).id;
  } finally {
    await client.end();
  }

  const script = makeTempDir('bench-booking-sql');
  writeFileSync(join(script, 'booking.sql'), bookingScript(carId));
  return (options) => pgbench(databaseUrl, script, options);
}

async function pgbench(
  databaseUrl: string,
  script: string,
  { durationS, connections, rate }: FloorRun,
): Promise<BookingSqlFloor> {
  // Each run's log in a directory of its own.
  const dir = makeTempDir('bench-booking-sql-run');
  const url = new URL(databaseUrl);
  const description =
    `pgbench: ${durationS} s, ${connections} clients, ` +
    `${rate ? `${rate} transactions/s (Poisson), ` : ''}prepared statements, on ${url.host} ` +
    `(${availableParallelism()} CPUs, load average ${loadavg()[0]?.toFixed(2)})`;
  const output = await run(
    'pgbench',
    [
      ...['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)],
      ...['-n', '-c', String(connections), '-j', '2', '-T', String(durationS), '-M', 'prepared'],
      ...(rate ? ['-R', String(rate)] : []),
      ...['-f', join(script, 'booking.sql'), '-l', url.pathname.slice(1)],
    ],
    { cwd: dir },
  ).catch((error: unknown) => {
    throw new Error(`pgbench failed (is it installed? Debian: postgresql-contrib)\n${error}`);
  });

  // pgbench_log.*: one line per transaction, its latency in microseconds in the third field
  // (with a rate, counted from when it was due: its schedule lag included).
  const latencies = readdirSync(dir)
    .filter((name) => name.startsWith('pgbench_log.'))
    .flatMap((name) => readFileSync(join(dir, name), 'utf8').trim().split('\n'))
    .map((line) => Number(line.split(' ')[2]) / 1000)
    .sort((a, b) => a - b);
  const failed = /number of failed transactions: (\d+)/.exec(output)?.[1] ?? '?';
  return {
    bookings: latencies.length,
    failed,
    bookingsPerSecond: latencies.length / durationS,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? NaN,
    description,
  };
}
