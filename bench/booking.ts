/**
 * Booking benchmark (`npm run bench:booking`), on PostgreSQL.
 *
 * The floor is pgbench on a booking's SQL (`lib/booking-sql-floor.ts`, what
 * `npm run bench:booking-sql` prints), with as many clients for as long as the site's run. The
 * site runs on its own database on the server at BENCH_DATABASE_URL, with as many database
 * connections as pgbench has clients, and customers with sessions made straight in the database
 * (signup's argon2 would dominate). It measures:
 *  (a) BENCH_ROUNDS rounds (3), each the floor then the site in turn: BENCH_DURATION seconds of
 *      POST /api/user/book-appointment on DISTINCT slots (spread over cars and days) from
 *      BENCH_CONNECTIONS concurrent clients: bookings/s, and its share of the floor measured just
 *      before (the median of the rounds': a shared machine's speed drifts by half within minutes,
 *      so only neighbours compare), p50, p99;
 *  (b) open loop: bookings sent at a fixed rate, half the floor's bookings/s, whatever the
 *      answers' pace: p50, p99;
 *  (c) contention: 200 customers booking the same slot at once, each on a connection already
 *      open (a customer on the car page): exactly one may win, and the burst's wall time.
 * Drops its databases at the end. Figures beside their targets: nothing here fails on them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { listBookableDays } from '@app/shared';
import { prepareBookingSqlFloor, type BookingSqlFloor } from './lib/booking-sql-floor.ts';
import { makeTempDir, median, runMain, startServer, table, verdict } from './lib/harness.ts';
import { createBenchDatabase } from './lib/postgres.ts';

const DURATION_S = positive('BENCH_DURATION', 10);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 50);
const ROUNDS = positive('BENCH_ROUNDS', 3);
const MAX_RATE = positive('BENCH_MAX_RATE', 1500);
const CONTENDERS = 200;
/** A customer may hold 3 unpaid slots (HOLDS_PER_ACCOUNT's default): one customer per 3 bookings. */
const HOLDS_PER_CUSTOMER = 3;
const BUDGET_P99_MS = 50;
/** Issue 18: the site's bookings/s at least this share of PostgreSQL's alone. */
const TARGET_FLOOR_RATIO = 0.85;
/** Issue 18: p99 under this at a fixed rate of half the floor. */
const TARGET_OPEN_LOOP_P99_MS = 20;
/** Issue 18: the 200-on-one-slot burst resolved within this. */
const TARGET_BURST_MS = 300;

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

interface Customer {
  cookie: string;
  csrf: string;
  /** Each customer's own client address (as a load balancer would forward it): bookings from
   * one address are bounded and take turns (HOLDS_PER_ADDRESS), and real customers have their own. */
  address: string;
}

interface Slot {
  serviceId: string;
  serviceType: string;
  slotDate: string;
  slotTime: string;
}

/** Customers inserted with their sessions (only the token's SHA-256 is stored, as the app does). */
async function createCustomers(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = randomBytes(4).toString('hex');
    const { rows } = await client.query<{ id: string }>(
      `insert into users (name, email)
       select 'Bench Rider ' || g, 'bench-' || $1 || '-' || g || '@example.com'
       from generate_series(1, $2::int) g returning id`,
      [tag, count],
    );
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select h, u, now() + interval '1 day' from unnest($1::text[], $2::uuid[]) as t(h, u)`,
      [tokens.map((t) => createHash('sha256').update(t).digest('hex')), rows.map((r) => r.id)],
    );
    return tokens;
  } finally {
    await client.end();
  }
}

/** Runs `work` over the items with at most `limit` in flight. */
async function inPool<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T);
    }),
  );
  return results;
}

async function withCsrf(baseUrl: string, tokens: string[]): Promise<Customer[]> {
  return inPool(
    tokens.map((token, i) => ({ token, i })),
    CONNECTIONS,
    async ({ token, i }) => {
      const cookie = `sid=${token}`;
      const response = await fetch(`${baseUrl}/api/csrf-token`, { headers: { cookie } });
      const { csrfToken } = (await response.json()) as { csrfToken: string };
      const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      return { cookie, csrf: csrfToken, address };
    },
  );
}

/** Every free slot from tomorrow on, interleaved so consecutive bookings hit different cars. */
async function distinctSlots(baseUrl: string): Promise<Slot[]> {
  const response = await fetch(`${baseUrl}/api/service/list`);
  const { services } = (await response.json()) as {
    services: { _id: string; available: boolean; availableServiceTypes: string[] }[];
  };
  const cars = services.filter((s) => s.available && s.availableServiceTypes.length > 0);
  const slots: Slot[] = [];
  for (const day of listBookableDays(new Date()).slice(1)) {
    for (const slot of day.slots) {
      for (const car of cars) {
        slots.push({
          serviceId: car._id,
          serviceType: car.availableServiceTypes[0] as string,
          slotDate: day.key,
          slotTime: slot.label,
        });
      }
    }
  }
  return slots;
}

function bookingBody(slot: Slot): string {
  return JSON.stringify({
    serviceId: slot.serviceId,
    slotDate: slot.slotDate,
    slotTime: slot.slotTime,
    phone: '781-555-0100',
    pickupAddress: '1 Main Street, Norfolk, MA',
    dropoffAddress: 'Logan Airport, Boston, MA',
    pickupNotes: 'Benchmark booking',
    selectedServiceType: slot.serviceType,
    needsReturnRide: false,
  });
}

/** One request on the customer's own keep-alive connection: its status and time. */
function send(
  baseUrl: string,
  agent: Agent,
  customer: Customer,
  method: 'GET' | 'POST',
  path: string,
  body = '',
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: customer.cookie,
          'x-csrf-token': customer.csrf,
          'x-forwarded-for': customer.address,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Bookings answered 200 in an autocannon run. */
function bookingsMade(run: Result): number {
  return Number(run.statusCodeStats['200']?.count ?? 0);
}

/** An autocannon run's bookings, other answers and latencies. */
function runTable(run: Result): string {
  const ok = bookingsMade(run);
  const others = Object.entries(run.statusCodeStats).filter(([status]) => status !== '200');
  return table([
    ['figure', 'value'],
    ['bookings made (200)', String(ok)],
    [
      'other answers',
      [
        ...others.map(([status, { count }]) => `${count} x ${status}`),
        ...(run.errors + run.timeouts > 0
          ? [`${run.errors} errors, ${run.timeouts} timeouts`]
          : []),
      ].join(', ') || 'none',
    ],
    ['bookings/s', (ok / run.duration).toFixed(0)],
    ['latency p50 ms', run.latency.p50.toFixed(1)],
    ['latency p99 ms', run.latency.p99.toFixed(1)],
    ['latency max ms', run.latency.max.toFixed(1)],
  ]);
}

runMain(async () => {
  console.log(`floor: PostgreSQL alone on a booking's SQL (bench:booking-sql): preparing ...`);
  const measureFloor = await prepareBookingSqlFloor();

  const tmp = makeTempDir('bench-booking');
  const webDir = join(tmp, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>bench</title>\n');

  const databaseUrl = await createBenchDatabase('bench_booking');
  // Booking itself has no rate limit; the payment and sign-in ones are raised all the same.
  for (const name of ['PAYMENT', 'LOGIN', 'SIGNUP', 'RESET'])
    process.env[`RATE_LIMIT_${name}_PER_IP`] = '1000000/1m';
  process.env.SEED_DEMO = 'true';
  // Customers come from their own addresses, through a trusted X-Forwarded-For.
  process.env.TRUST_PROXY = 'true';
  // As many database connections as pgbench has clients: the same statements, the same way.
  process.env.DATABASE_POOL_SIZE = String(CONNECTIONS);
  console.log(`Starting the server on PostgreSQL (${new URL(databaseUrl).pathname.slice(1)}) ...`);
  const server = await startServer({ dataDir: join(tmp, 'data'), webDistDir: webDir, databaseUrl });
  const baseUrl = server.baseUrl;

  const slots = await distinctSlots(baseUrl);
  const contested = slots.pop() as Slot;
  // Capacity for the runs (customers are prepared beforehand): BENCH_MAX_RATE bookings/s in each
  // round of (a), and half of it in (b), each with its second of warm-up.
  const maxBookings = Math.min(
    slots.length,
    Math.ceil((DURATION_S + 1) * MAX_RATE * (ROUNDS + 0.5)),
  );
  const customerCount = Math.ceil(maxBookings / HOLDS_PER_CUSTOMER) + CONTENDERS;
  const tokenStart = performance.now();
  const tokens = await createCustomers(databaseUrl, customerCount);
  const customers = await withCsrf(baseUrl, tokens);
  const contenders = customers.splice(customers.length - CONTENDERS, CONTENDERS);
  console.log(
    `ready at ${baseUrl}: ${slots.length} distinct free slots, ${customerCount} customers with ` +
      `sessions and CSRF tokens (made in ${((performance.now() - tokenStart) / 1000).toFixed(1)} s)`,
  );
  console.log(
    `load generator and server share this machine (${availableParallelism()} CPUs, ` +
      `load average ${loadavg()[0]?.toFixed(2)} before the runs)\n`,
  );

  // (a) Distinct slots: autocannon keeps CONNECTIONS keep-alive connections busy for
  // DURATION_S seconds (after a short warm-up), each request taking the next free slot. It is far
  // lighter than fetch, so the load generator leaves the shared CPUs to the server and database.
  let next = 0;
  let exhausted = false;
  const take = () => {
    const i = Math.min(next++, slots.length - 1);
    const customer = customers[Math.floor(i / HOLDS_PER_CUSTOMER)];
    if (i === slots.length - 1 || !customer) exhausted = true;
    return { slot: slots[i] as Slot, customer: customer ?? (customers.at(-1) as Customer) };
  };
  const runFor = (seconds: number, overallRate?: number) =>
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: seconds,
      ...(overallRate ? { overallRate } : {}),
      requests: [
        {
          method: 'POST',
          path: '/api/user/book-appointment',
          setupRequest: (request) => {
            const { slot, customer } = take();
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                cookie: customer.cookie,
                'x-csrf-token': customer.csrf,
                'x-forwarded-for': customer.address,
              },
              body: bookingBody(slot),
            };
          },
        },
      ],
    });

  console.log(
    `(a) ${ROUNDS} rounds, each: the floor for ${DURATION_S} s, then the site on distinct slots ` +
      `(warm-up 1 s, then ${DURATION_S} s), both at ${CONNECTIONS} connections`,
  );
  const rounds: { floor: BookingSqlFloor; run: Result; siteRate: number; ratio: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const floor = await measureFloor({ durationS: DURATION_S, connections: CONNECTIONS });
    await runFor(1);
    const run = await runFor(DURATION_S);
    const siteRate = bookingsMade(run) / run.duration;
    rounds.push({ floor, run, siteRate, ratio: siteRate / floor.bookingsPerSecond });
    console.log(`round ${round}: ${floor.description}`);
  }
  console.log(
    table([
      [
        'round',
        'floor/s',
        'floor p99',
        'site/s',
        'site p50',
        'site p99',
        'other answers',
        'site / floor',
      ],
      ...rounds.map(({ floor, run, siteRate, ratio }, index) => [
        String(index + 1),
        floor.bookingsPerSecond.toFixed(0),
        `${floor.p99Ms.toFixed(1)} ms`,
        siteRate.toFixed(0),
        `${run.latency.p50.toFixed(1)} ms`,
        `${run.latency.p99.toFixed(1)} ms`,
        String(run.non2xx + run.errors + run.timeouts),
        ratio.toFixed(2),
      ]),
    ]),
  );
  if (exhausted)
    console.log('(the run ran out of prepared slots or customers: raise BENCH_MAX_RATE)');
  const floorRate = median(rounds.map((r) => r.floor.bookingsPerSecond));
  const siteRate = median(rounds.map((r) => r.siteRate));
  const ratio = median(rounds.map((r) => r.ratio));
  const p99 = median(rounds.map((r) => r.run.latency.p99));
  console.log(
    `booking p99 at ${CONNECTIONS} connections (median of the rounds): ${p99.toFixed(1)} ms ` +
      `(budget < ${BUDGET_P99_MS} ms: ${verdict(p99 < BUDGET_P99_MS)})`,
  );
  console.log(
    `site / floor, median of the rounds: ${ratio.toFixed(2)} ` +
      `(target >= ${TARGET_FLOOR_RATIO}: ${verdict(ratio >= TARGET_FLOOR_RATIO)})\n`,
  );
  const openRate = Math.max(1, Math.round(floorRate / 2));

  // (b) Open loop: a fixed rate, half the floor, sent on schedule however slow the answers are
  // (autocannon's overallRate; its latencies count from when each request was due).
  console.log(
    `(b) open loop: ${openRate} bookings/s (half the floor) over ${CONNECTIONS} connections, ` +
      `warm-up 1 s, then ${DURATION_S} s`,
  );
  await runFor(1, openRate);
  const open = await runFor(DURATION_S, openRate);
  console.log(runTable(open));
  if (exhausted)
    console.log('(the run ran out of prepared slots or customers: raise BENCH_MAX_RATE)');
  console.log(
    `open-loop p99 at ${openRate} bookings/s: ${open.latency.p99.toFixed(1)} ms ` +
      `(target < ${TARGET_OPEN_LOOP_P99_MS} ms: ${verdict(open.latency.p99 < TARGET_OPEN_LOOP_P99_MS)})\n`,
  );

  // (c) Contention: CONTENDERS customers, one slot, all at once.
  console.log(
    `(c) contention: ${CONTENDERS} customers book ${contested.slotDate} ${contested.slotTime} at once`,
  );
  const body = bookingBody(contested);
  // Each customer's connection is open before the burst, as a browser's is on the car page.
  const agents = contenders.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(
    contenders.map((customer, i) =>
      send(baseUrl, agents[i] as Agent, customer, 'GET', '/api/csrf-token'),
    ),
  );
  const started = performance.now();
  const answers = await Promise.all(
    contenders.map((customer, i) =>
      send(baseUrl, agents[i] as Agent, customer, 'POST', '/api/user/book-appointment', body),
    ),
  );
  const burstMs = performance.now() - started;
  for (const agent of agents) agent.destroy();
  const won = answers.filter((a) => a.status === 200).length;
  const taken = answers.filter((a) => a.status === 409).length;
  const burst = answers.map((a) => a.ms).sort((x, y) => x - y);
  console.log(
    table([
      ['figure', 'value'],
      ['succeeded (200)', String(won)],
      ['slot taken (409)', String(taken)],
      ['other answers', String(CONTENDERS - won - taken)],
      ['burst wall time ms', burstMs.toFixed(0)],
      ['latency p50 ms', percentile(burst, 50).toFixed(1)],
      ['latency p99 ms', percentile(burst, 99).toFixed(1)],
    ]),
  );
  console.log(`exactly one booking must win: ${won === 1 ? 'OK' : `WRONG (${won} won)`}`);
  console.log(
    `burst of ${CONTENDERS} on one slot: ${burstMs.toFixed(0)} ms ` +
      `(target < ${TARGET_BURST_MS} ms: ${verdict(burstMs < TARGET_BURST_MS)})\n`,
  );

  console.log('summary');
  console.log(
    table([
      ['figure', 'value', 'target', 'verdict'],
      [`floor (pgbench) bookings/s at ${CONNECTIONS}, median`, floorRate.toFixed(0), '', ''],
      [`site bookings/s at ${CONNECTIONS}, median`, siteRate.toFixed(0), '', ''],
      [
        'site / floor, median of the rounds',
        ratio.toFixed(2),
        `>= ${TARGET_FLOOR_RATIO}`,
        verdict(ratio >= TARGET_FLOOR_RATIO),
      ],
      [`open loop p50 at ${openRate}/s`, `${open.latency.p50.toFixed(1)} ms`, '', ''],
      [
        `open loop p99 at ${openRate}/s`,
        `${open.latency.p99.toFixed(1)} ms`,
        `< ${TARGET_OPEN_LOOP_P99_MS} ms`,
        verdict(open.latency.p99 < TARGET_OPEN_LOOP_P99_MS),
      ],
      [
        `burst of ${CONTENDERS} on one slot`,
        `${burstMs.toFixed(0)} ms`,
        `< ${TARGET_BURST_MS} ms`,
        verdict(burstMs < TARGET_BURST_MS),
      ],
      ['burst winners', String(won), '1', won === 1 ? 'OK' : 'WRONG'],
    ]),
  );
});
