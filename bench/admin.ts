/**
 * The owner's rides benchmark (`npm run bench:admin`), on PostgreSQL.
 *
 * Creates its own database on the server at BENCH_DATABASE_URL, starts the real server against
 * it (demo catalogue), adds cars up to 40 and 100,000 rides over them (a year back, 90 days
 * ahead; the done ones with their bills) for 20,000 customers, signs an owner in straight in
 * the database, then measures one call at a time: the rides board (today on, one car, a deep
 * page, the week grid, a week of done rides) and the search (name, email, phone), p50 and p99
 * of the API call as the console makes it. Then the
 * query plan of each (EXPLAIN ANALYZE of the very query the server runs), which must not scan
 * `appointments` sequentially. Drops its database at the end. Figures only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb } from '@app/db';
import { RideListQuerySchema } from '@app/shared';
import { rideConditions, rideQuery } from '../apps/api/src/modules/rides/find-rides.ts';
import { makeTempDir, percentile, runMain, startServer, table } from './lib/harness.ts';
import { createBenchDatabase } from './lib/postgres.ts';

const RIDES = 100_000;
const CARS = 40;
const CUSTOMERS = 20_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES) || 200;
const WARM_UP = 20;
/** Each ride: an hour's ride, its deposit and its price by the rate cards. */
const RIDE_MINUTES = 60;
const DEPOSIT_CENTS = 6600;
const PRICE_CENTS = 15_000;

const FIRST_NAMES = [
  'Ann',
  'Ben',
  'Cara',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivo',
  'Jo',
  'Kai',
  'Lea',
];
const LAST_NAMES = [
  'Quist',
  'Smith',
  'Okafor',
  'Nguyen',
  'Garcia',
  'Rossi',
  'Cohen',
  'Silva',
  'Ito',
  'Berg',
];

/** `2026-11-25`, `days` after today in New York. */
function newYorkDate(days: number): string {
  const day = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(day);
}

/** Cars up to 40 (copies of the demo ones), customers, and the rides, in SQL. */
async function fill(client: pg.Client): Promise<void> {
  const { rows: columns } = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_name = 'services' and table_schema = current_schema() and column_name <> 'id'`,
  );
  const names = columns.map((c) => `"${c.column_name}"`);
  const values = names.map((n) =>
    n === '"name"' ? `name || ' ' || g` : n === '"position"' ? `position + 100 * g` : n,
  );
  await client.query(
    `insert into services (${names.join(', ')})
     select ${values.join(', ')} from services, generate_series(2, 4) g
     order by g, position limit ${CARS} - (select count(*) from services)`,
  );
  await client.query(
    `insert into users (name, email)
     select ($1::text[])[1 + g % $3] || ' ' || ($2::text[])[1 + (g / $3) % $4],
            'rider' || g || '@example.com'
     from generate_series(0, ${CUSTOMERS - 1}) g`,
    [FIRST_NAMES, LAST_NAMES, FIRST_NAMES.length, LAST_NAMES.length],
  );
  // Every car has a ride every 4 hours (8 half-hour slots apart, at a car's own offset), from
  // 326 days ago on: 2,500 rides a car, the last ~90 days ahead. Each is an hour's ride and the
  // car's ride turnaround (at most 3 hours), as a booking holds the car: the stretches of a car
  // never overlap (`appointments_no_overlap`), and the checks on `ends_at` and `occupied_until`
  // hold.
  await client.query(`
    with cars as (select id, least(ride_turnaround_minutes, 180) as turnaround,
                         row_number() over (order by position) - 1 as n from services),
         riders as (select id, row_number() over (order by email) - 1 as n from users
                    where email like 'rider%@example.com'),
         start as (select date_trunc('hour', now() - interval '326 days') as at)
    insert into appointments (user_id, service_id, slot_start, slot_date, slot_time,
      length_minutes, ends_at, turnaround_minutes, occupied_until, status,
      service_type, phone, pickup_address, dropoff_address, pickup_notes, amount_cents,
      price_cents, hold_expires_at, paid_at, cancelled_at, finished_at, cancelled_by,
      cancel_reason, created_at)
    select r.id, c.id, s.at,
      to_char(s.at at time zone 'America/New_York', 'FMDD_FMMM_YYYY'),
      to_char(s.at at time zone 'America/New_York', 'FMHH12:MI AM'),
      ${RIDE_MINUTES}, s.at + interval '${RIDE_MINUTES} minutes', c.turnaround,
      s.at + interval '${RIDE_MINUTES} minutes' + make_interval(mins => c.turnaround::int),
      st.status, 'Airport Transfer',
      '617-555-' || lpad((g % 10000)::text, 4, '0'),
      g || ' Main Street, Norfolk, MA', 'Logan Airport, Boston, MA', '', ${DEPOSIT_CENTS},
      ${PRICE_CENTS}, s.at, s.at - interval '3 days',
      case when st.status = 'cancelled' then s.at - interval '1 day' end,
      case when st.status in ('completed', 'no_show')
           then s.at + interval '${RIDE_MINUTES} minutes' end,
      case when st.status = 'cancelled' then 'customer' end,
      '', s.at - interval '7 days'
    from generate_series(0, ${RIDES - 1}) g
    cross join lateral (select (select at from start)
      + (((g / ${CARS}) * 8 + (g % ${CARS}) % 8) * interval '30 minutes') as at) s
    join cars c on c.n = g % ${CARS}
    join riders r on r.n = (g * 7919) % ${CUSTOMERS}
    -- A ride's draw from its number: random() in an uncorrelated lateral is drawn once for all.
    cross join lateral (select (abs(hashint4(g)) % 1000) / 1000.0 as x) rnd
    cross join lateral (select case
      when s.at < now() then case when rnd.x < 0.85 then 'completed' when rnd.x < 0.95 then 'cancelled'
                                  else 'no_show' end
      else case when rnd.x < 0.8 then 'paid' when rnd.x < 0.9 then 'cancelled'
                else 'pending_payment' end end as status) st`);
  // Every completed ride has its bill (the board left-joins it): the ride's price, and a 15%
  // tip once sent; paid a day after it was sent, but for the last week's, still drafts or sent.
  await client.query(`
    insert into bills (appointment_id, status, lines, total_cents, deposit_cents, tip_cents,
      tip_choice, drafted_at, sent_at, tip_due_at, paid_at, updated_at)
    select a.id, b.status,
      jsonb_build_array(jsonb_build_object('kind', 'ride', 'label', 'Ride, 1 hour',
                                           'amountCents', a.price_cents)),
      a.price_cents, a.amount_cents,
      case when b.status = 'paid' then a.price_cents * 15 / 100 end,
      case when b.status = 'paid' then '15' end,
      a.ends_at, case when b.status <> 'draft' then a.ends_at + interval '1 hour' end,
      case when b.status <> 'draft' then a.ends_at + interval '2 days' end,
      case when b.status = 'paid' then a.ends_at + interval '1 day' end,
      a.ends_at + interval '1 day'
    from appointments a
    cross join lateral (select case
      when a.ends_at > now() - interval '7 days'
        then case when a.slot_start::time < '12:00' then 'draft' else 'sent' end
      else 'paid' end as status) b
    where a.status = 'completed'`);
  await client.query('analyze');
}

/** An owner who passed the second factor: its session cookie. */
async function ownerCookie(client: pg.Client): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await client.query<{ id: string }>(
    `insert into users (name, email, role) values ('Bench Owner', 'bench-owner@example.com', 'owner')
     returning id`,
  );
  await client.query(
    `insert into sessions (token_hash, user_id, expires_at, mfa_verified_at)
     values ($1, $2, now() + interval '12 hours', now())`,
    [createHash('sha256').update(token).digest('hex'), rows[0]?.id],
  );
  return `sid=${token}`;
}

runMain(async () => {
  const tmp = makeTempDir('bench-admin');
  const webDir = join(tmp, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>bench</title>\n');
  const databaseUrl = await createBenchDatabase('bench_admin');
  process.env.SEED_DEMO = 'true';
  console.log(`Starting the server on PostgreSQL (${new URL(databaseUrl).pathname.slice(1)}) ...`);
  const server = await startServer({ dataDir: join(tmp, 'data'), webDistDir: webDir, databaseUrl });

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const db = await createDb({ url: databaseUrl, poolSize: 2 });
  try {
    const fillStart = performance.now();
    await fill(client);
    const cookie = await ownerCookie(client);
    const { rows: counts } = await client.query<{
      rides: number;
      cars: number;
      ahead: number;
      bills: number;
    }>(
      `select count(*)::int as rides, count(distinct service_id)::int as cars,
              count(*) filter (where slot_start >= now())::int as ahead,
              (select count(*)::int from bills) as bills from appointments`,
    );
    const { rows: car } = await client.query<{ id: string }>(
      'select id from services order by position limit 1 offset 7',
    );
    console.log(
      `${counts[0]?.rides} rides over ${counts[0]?.cars} cars (${counts[0]?.ahead} ahead, ` +
        `${counts[0]?.bills} bills), ` +
        `${CUSTOMERS} customers, made in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`,
    );
    console.log(
      `one call at a time, ${WARM_UP} warm-up then ${SAMPLES} timed; ${availableParallelism()} CPUs, ` +
        `load average ${loadavg()[0]?.toFixed(2)}\n`,
    );

    const scenarios: [string, string][] = [
      ['board: today on, page 1', ''],
      ['board: one car', `serviceId=${car[0]?.id}`],
      ['board: page 20', 'page=20'],
      ['week grid: 7 days, all cars', `from=${newYorkDate(0)}&to=${newYorkDate(6)}&pageSize=500`],
      ['board: status cancelled', 'status=cancelled'],
      // Done rides, each with its bill (the board's left join on `bills` finds one every row).
      [
        'board: completed, last week (bills)',
        `status=completed&from=${newYorkDate(-7)}&to=${newYorkDate(-1)}&pageSize=500`,
      ],
      // A search without a first day looks at every day (docs/product.md, The console).
      ['search: a surname, every day', 'q=okafor'],
      ['search: a booking reference, every day', 'q=D140-D335'],
      ['search: a name, all dates', 'q=hana%20quist&from=2020-01-01'],
      ['search: email, all dates', 'q=rider1234%40&from=2020-01-01'],
      ['search: phone, all dates', 'q=617-555-12&from=2020-01-01'],
    ];
    const rows = [['call', 'rides', 'p50 ms', 'p99 ms', 'max ms']];
    for (const [name, query] of scenarios) {
      const url = `${server.baseUrl}/api/admin/rides?${query}`;
      let count = 0;
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + SAMPLES; i++) {
        const started = performance.now();
        const response = await fetch(url, { headers: { cookie } });
        const body = (await response.json()) as { rides?: unknown[]; message?: string };
        const took = performance.now() - started;
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status} ${body.message}`);
        count = body.rides?.length ?? 0;
        if (i >= WARM_UP) times.push(took);
      }
      times.sort((a, b) => a - b);
      rows.push([
        name,
        String(count),
        percentile(times, 50).toFixed(1),
        percentile(times, 99).toFixed(1),
        (times.at(-1) ?? NaN).toFixed(1),
      ]);
    }
    const exportStart = performance.now();
    const csv = await fetch(
      `${server.baseUrl}/api/admin/rides/export.csv?from=${newYorkDate(0)}&to=${newYorkDate(6)}`,
      { headers: { cookie } },
    ).then((r) => r.text());
    rows.push([
      'CSV export: the week (once)',
      String(csv.trimEnd().split('\r\n').length - 1),
      (performance.now() - exportStart).toFixed(1),
      '',
      '',
    ]);
    console.log(table(rows));

    console.log('\nQuery plans (EXPLAIN ANALYZE of the query the server runs):');
    let sequential = 0;
    for (const [name, query] of scenarios) {
      const filters = RideListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const built = rideQuery(db.db, rideConditions(filters, new Date()), {
        limit: filters.pageSize + 1,
        offset: (filters.page - 1) * filters.pageSize,
      }).toSQL();
      const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary on) ${built.sql}`,
        built.params,
      );
      const lines = plan.map((row) => row['QUERY PLAN']);
      const seq = lines.some((line) => /Seq Scan on appointments/.test(line));
      if (seq) sequential += 1;
      console.log(`\n-- ${name}${seq ? '  (SEQUENTIAL SCAN OF appointments)' : ''}`);
      console.log(lines.map((line) => `   ${line}`).join('\n'));
    }
    console.log(
      `\n${sequential === 0 ? 'No plan scans appointments sequentially.' : `${sequential} plan(s) scan appointments sequentially.`}`,
    );
  } finally {
    await db.close();
    await client.end();
  }
});
