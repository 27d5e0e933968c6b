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
 *      answers' pace (`openLoop`): p50, p99, beside pgbench sending the booking's SQL at the
 *      same rate;
 *  (c) contention: 200 customers booking the same slot at once, each on a connection already
 *      open (a customer on the car page), three times on three slots: exactly one may win each,
 *      and the bursts' wall time (their median), beside the floor's time for 200 bookings;
 *      then 200 booking overlapping, not identical, stretches of one car (2-hour rides from four
 *      starts half an hour apart, all over one half hour), three times: again exactly one wins.
 * Drops its databases at the end. Figures beside their targets: nothing here fails on them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { listBookableDays, rateKindOf } from '@app/shared';
import { prepareBookingSqlFloor, type BookingSqlFloor } from './lib/booking-sql-floor.ts';
import {
  machineCpuMs,
  makeTempDir,
  median,
  percentile,
  positiveSetting,
  processCpuMs,
  runMain,
  startServer,
  type RunningServer,
  table,
  verdict,
} from './lib/harness.ts';
import { createBenchDatabase } from './lib/postgres.ts';

const DURATION_S = positiveSetting('BENCH_DURATION', 10);
const CONNECTIONS = positiveSetting('BENCH_CONNECTIONS', 50);
const ROUNDS = positiveSetting('BENCH_ROUNDS', 3);
const MAX_RATE = positiveSetting('BENCH_MAX_RATE', 1500);
const CONTENDERS = 200;
/** Bursts in (c), each on a slot of its own: a winner may win again (3 holds an account). */
const BURSTS = 3;
/** A customer may hold 3 unpaid slots (HOLDS_PER_ACCOUNT's default): one customer per 3 bookings. */
const HOLDS_PER_CUSTOMER = 3;
const BUDGET_P99_MS = 50;
/** Target: the site's bookings/s at least this share of PostgreSQL's alone. */
const TARGET_FLOOR_RATIO = 0.85;
/** Target: p99 under this at a fixed rate of half the floor. */
const TARGET_OPEN_LOOP_P99_MS = 20;
/** Target: the 200-on-one-slot burst resolved within this. */
const TARGET_BURST_MS = 300;

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

/**
 * Free slots from tomorrow on, interleaved so consecutive bookings hit different cars: rides
 * (an hour, and the car's half-hour turnaround) an hour and a half apart, so no two of a car
 * overlap; the last bookable day is kept for the contention runs (`contestedDay`).
 */
async function distinctSlots(baseUrl: string): Promise<Slot[]> {
  const response = await fetch(`${baseUrl}/api/service/list`);
  const { services } = (await response.json()) as {
    services: { _id: string; available: boolean; availableServiceTypes: string[] }[];
  };
  const cars = rideCars(services);
  const slots: Slot[] = [];
  for (const day of listBookableDays(new Date()).slice(1, -1)) {
    for (const slot of day.slots.filter((_, i) => i % 3 === 0)) {
      for (const car of cars) {
        slots.push({
          serviceId: car._id,
          serviceType: car.serviceType,
          slotDate: day.key,
          slotTime: slot.label,
        });
      }
    }
  }
  return slots;
}

/** Cars that take rides, each with a ride's type (a rental keeps its car a day and more). */
function rideCars(
  services: { _id: string; available: boolean; availableServiceTypes: string[] }[],
): { _id: string; serviceType: string }[] {
  return services.flatMap((s) => {
    const serviceType = s.availableServiceTypes.find((type) => rateKindOf(type) !== 'rental');
    return s.available && serviceType ? [{ _id: s._id, serviceType }] : [];
  });
}

/**
 * The contention runs' slots, on the last bookable day (which (a) and (b) leave alone): for each
 * burst, its car's 6:00 PM (everyone the same slot), and four starts from 9:00 AM, half an hour
 * apart, whose 2-hour rides all hold 10:30 to 11:00 AM (everyone a different, overlapping stretch).
 */
async function contestedSlots(baseUrl: string): Promise<{ same: Slot[]; overlapping: Slot[][] }> {
  const response = await fetch(`${baseUrl}/api/service/list`);
  const { services } = (await response.json()) as {
    services: { _id: string; available: boolean; availableServiceTypes: string[] }[];
  };
  const day = listBookableDays(new Date()).at(-1);
  if (!day) throw new Error('no bookable day');
  const cars = rideCars(services).slice(-BURSTS);
  const at = (car: { _id: string; serviceType: string }, slotTime: string): Slot => ({
    serviceId: car._id,
    serviceType: car.serviceType,
    slotDate: day.key,
    slotTime,
  });
  return {
    same: cars.map((car) => at(car, '6:00 PM')),
    overlapping: cars.map((car) =>
      ['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM'].map((time) => at(car, time)),
    ),
  };
}

/** The length of the overlapping bursts' rides: from 9:00 to 10:30 AM, all hold 10:30 to 11:00. */
const OVERLAPPING_LENGTH_MINUTES = 120;

function bookingBody(slot: Slot, lengthMinutes?: number): string {
  return JSON.stringify({
    ...(lengthMinutes === undefined ? {} : { lengthMinutes }),
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

/**
 * A burst's answers neither won nor taken, by status: `0`, or `1 (429)` (the same customers
 * take part in every burst, and one who won earlier ones can reach the hold limit).
 */
function otherStatuses(answers: { status: number }[]): string {
  const other = answers.map((a) => a.status).filter((status) => status !== 200 && status !== 409);
  if (other.length === 0) return '0';
  const counts = new Map<number, number>();
  for (const status of other) counts.set(status, (counts.get(status) ?? 0) + 1);
  return `${other.length} (${[...counts].map(([status, n]) => (n > 1 ? `${status}×${n}` : status)).join(', ')})`;
}

/**
 * One request on a keep-alive connection of `agent`: its status, and its time from `since` (by
 * default when it is sent; an open loop passes when it was due).
 */
function send(
  baseUrl: string,
  agent: Agent,
  customer: Customer,
  method: 'GET' | 'POST',
  path: string,
  body = '',
  since = performance.now(),
): Promise<{ status: number; ms: number }> {
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
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - since }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * An open loop: `rate` bookings a second for `seconds`, sent at evenly spaced instants whatever
 * the answers' pace, over at most `connections` keep-alive connections (a booking due while all
 * are busy waits for one, and that wait is counted). Each latency runs from the instant its
 * booking was due, so a slow answer hides no later booking's wait (no coordinated omission).
 * autocannon's rate option is not this: each connection books as fast as it can until it has
 * made its share of the second, then idles, so every second starts with a burst.
 *
 * A customer's bookings (`take` hands out HOLDS_PER_CUSTOMER in a row) are spread over the run,
 * as pgbench's random customers are: back to back, each would wait on the one before for the
 * customer's row lock, which no real customer booking a few seconds apart meets.
 */
async function openLoop(
  baseUrl: string,
  rate: number,
  seconds: number,
  connections: number,
  take: () => { slot: Slot; customer: Customer },
): Promise<{ sorted: number[]; statuses: Map<number, number>; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const handedOut = Array.from({ length: total }, take);
  // Every customer's first booking, then every second, then every third.
  const bookings = Array.from({ length: HOLDS_PER_CUSTOMER }, (_, nth) =>
    handedOut.filter((_, k) => k % HOLDS_PER_CUSTOMER === nth),
  ).flat();
  const answers: Promise<void>[] = [];
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const start = performance.now();
  for (let i = 0; i < total;) {
    // Everything due by now goes out, each timed from its own instant.
    for (; i < total && start + i * interval <= performance.now(); i++) {
      const { slot, customer } = bookings[i] as { slot: Slot; customer: Customer };
      answers.push(
        send(
          baseUrl,
          agent,
          customer,
          'POST',
          '/api/user/book-appointment',
          bookingBody(slot),
          start + i * interval,
        ).then(
          ({ status, ms }) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status === 200) latencies.push(ms);
          },
          () => void errors++,
        ),
      );
    }
    await new Promise((wake) =>
      setTimeout(wake, Math.max(0, start + i * interval - performance.now())),
    );
  }
  await Promise.all(answers);
  agent.destroy();
  return { sorted: latencies.sort((a, b) => a - b), statuses, errors };
}

/** CPU time a booking, in ms, by whose it was. */
interface CpuABooking {
  floorDatabase: number;
  floorClient: number;
  siteDatabase: number;
  siteServer: number;
  siteClient: number;
}

interface CpuCounters {
  machine: number;
  server: number;
  /** This process (autocannon runs in it) and the children it waited for (pgbench). */
  own: number;
  children: number;
}

function cpuNow(server: RunningServer): CpuCounters {
  const self = processCpuMs('self');
  return {
    machine: machineCpuMs(),
    server: server.cpuMs(),
    own: self.own,
    children: self.children,
  };
}

/** CPU time used between two readings, the rest being PostgreSQL's (and anything else's). */
function cpuSince(before: CpuCounters, after: CpuCounters): CpuCounters & { rest: number } {
  const used = {
    machine: after.machine - before.machine,
    server: after.server - before.server,
    own: after.own - before.own,
    children: after.children - before.children,
  };
  return { ...used, rest: used.machine - used.server - used.own - used.children };
}

/** Bookings answered 200 in an autocannon run. */
function bookingsMade(run: Result): number {
  return Number(run.statusCodeStats['200']?.count ?? 0);
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
  const { same: contested, overlapping } = await contestedSlots(baseUrl);
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
  const runFor = (seconds: number) =>
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: seconds,
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
  const rounds: {
    floor: BookingSqlFloor;
    run: Result;
    siteRate: number;
    ratio: number;
    cpu: CpuABooking;
  }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    let before = cpuNow(server);
    const floor = await measureFloor({ durationS: DURATION_S, connections: CONNECTIONS });
    const floorCpu = cpuSince(before, cpuNow(server));
    await runFor(1);
    before = cpuNow(server);
    const run = await runFor(DURATION_S);
    const siteCpu = cpuSince(before, cpuNow(server));
    const made = bookingsMade(run);
    const siteRate = made / run.duration;
    rounds.push({
      floor,
      run,
      siteRate,
      ratio: siteRate / floor.bookingsPerSecond,
      cpu: {
        floorDatabase: floorCpu.rest / floor.bookings,
        floorClient: floorCpu.children / floor.bookings,
        siteDatabase: siteCpu.rest / made,
        siteServer: siteCpu.server / made,
        siteClient: siteCpu.own / made,
      },
    });
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
        'CPU ms a booking: floor, site',
      ],
      ...rounds.map(({ floor, run, siteRate, ratio, cpu }, index) => [
        String(index + 1),
        floor.bookingsPerSecond.toFixed(0),
        `${floor.p99Ms.toFixed(1)} ms`,
        siteRate.toFixed(0),
        `${run.latency.p50.toFixed(1)} ms`,
        `${run.latency.p99.toFixed(1)} ms`,
        String(run.non2xx + run.errors + run.timeouts),
        ratio.toFixed(2),
        `${(cpu.floorDatabase + cpu.floorClient).toFixed(2)}, ` +
          (cpu.siteDatabase + cpu.siteServer + cpu.siteClient).toFixed(2),
      ]),
    ]),
  );
  if (exhausted)
    console.log('(the run ran out of prepared slots or customers: raise BENCH_MAX_RATE)');
  const cpu = (key: keyof CpuABooking) => median(rounds.map((r) => r.cpu[key]));
  const floorTotal = cpu('floorDatabase') + cpu('floorClient');
  const siteTotal = cpu('siteDatabase') + cpu('siteServer') + cpu('siteClient');
  console.log(
    `CPU time a booking, ms, median of the rounds (${availableParallelism()} CPUs: at most ` +
      `${availableParallelism() * 1000} ms of it a second, shared by all)`,
  );
  console.log(
    table([
      ['', 'floor', 'site'],
      [
        'PostgreSQL (and the rest)',
        cpu('floorDatabase').toFixed(2),
        cpu('siteDatabase').toFixed(2),
      ],
      ['the server', '', cpu('siteServer').toFixed(2)],
      [
        'the load generator (pgbench / autocannon)',
        cpu('floorClient').toFixed(2),
        cpu('siteClient').toFixed(2),
      ],
      ['all', floorTotal.toFixed(2), siteTotal.toFixed(2)],
    ]),
  );
  // Where the machine's CPUs are what runs out, bookings/s go as the inverse of the CPU a booking.
  console.log(
    `site / floor if the CPU alone set the pace: ${(floorTotal / siteTotal).toFixed(2)} ` +
      '(the server and load generator share the cores PostgreSQL has to itself in the floor)',
  );
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

  // (b) Open loop: a fixed rate, half the floor, sent on schedule however slow the answers are;
  // the floor is pgbench on the booking's SQL at the same rate, just before.
  console.log(
    `(b) open loop: ${openRate} bookings/s (half the floor) over ${CONNECTIONS} connections: ` +
      `pgbench for ${DURATION_S} s, then the site (warm-up 1 s, then ${DURATION_S} s)`,
  );
  const openFloor = await measureFloor({
    durationS: DURATION_S,
    connections: CONNECTIONS,
    rate: openRate,
  });
  await openLoop(baseUrl, openRate, 1, CONNECTIONS, take);
  const open = await openLoop(baseUrl, openRate, DURATION_S, CONNECTIONS, take);
  const openP50 = percentile(open.sorted, 50);
  const openP99 = percentile(open.sorted, 99);
  const others = [...open.statuses].filter(([status]) => status !== 200);
  console.log(`floor: ${openFloor.description}`);
  console.log(
    table([
      ['figure', 'floor (pgbench)', 'site'],
      ['bookings made', String(openFloor.bookings), String(open.sorted.length)],
      [
        'other answers',
        openFloor.failed === '0' ? 'none' : `${openFloor.failed} failed`,
        [
          ...others.map(([status, count]) => `${count} x ${status}`),
          ...(open.errors > 0 ? [`${open.errors} errors`] : []),
        ].join(', ') || 'none',
      ],
      ['latency p50 ms', openFloor.p50Ms.toFixed(1), openP50.toFixed(1)],
      ['latency p99 ms', openFloor.p99Ms.toFixed(1), openP99.toFixed(1)],
      ['latency max ms', openFloor.maxMs.toFixed(1), (open.sorted.at(-1) ?? NaN).toFixed(1)],
    ]),
  );
  if (exhausted)
    console.log('(the run ran out of prepared slots or customers: raise BENCH_MAX_RATE)');
  console.log(
    `open-loop p99 at ${openRate} bookings/s: ${openP99.toFixed(1)} ms, floor ` +
      `${openFloor.p99Ms.toFixed(1)} ms (target < ${TARGET_OPEN_LOOP_P99_MS} ms: ` +
      `${verdict(openP99 < TARGET_OPEN_LOOP_P99_MS)})\n`,
  );

  // (c) Contention: CONTENDERS customers, one slot, all at once; BURSTS times, a slot each.
  console.log(
    `(c) contention: ${CONTENDERS} customers book one slot at once, ${BURSTS} times ` +
      `(${contested.map((slot) => `car ${slot.serviceId.slice(0, 8)} at ${slot.slotDate} ${slot.slotTime}`).join(', ')})`,
  );
  // Each customer's connection is open before the burst, as a browser's is on the car page.
  const agents = contenders.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  await Promise.all(
    contenders.map((customer, i) =>
      send(baseUrl, agents[i] as Agent, customer, 'GET', '/api/csrf-token'),
    ),
  );
  const bursts: {
    ms: number;
    won: number;
    taken: number;
    other: string;
    p50: number;
    p99: number;
    cpu: ReturnType<typeof cpuSince>;
  }[] = [];
  for (const slot of contested) {
    const body = bookingBody(slot);
    const before = cpuNow(server);
    const started = performance.now();
    const answers = await Promise.all(
      contenders.map((customer, i) =>
        send(baseUrl, agents[i] as Agent, customer, 'POST', '/api/user/book-appointment', body),
      ),
    );
    const ms = performance.now() - started;
    const cpu = cpuSince(before, cpuNow(server));
    const sorted = answers.map((a) => a.ms).sort((x, y) => x - y);
    bursts.push({
      ms,
      won: answers.filter((a) => a.status === 200).length,
      taken: answers.filter((a) => a.status === 409).length,
      other: otherStatuses(answers),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      cpu,
    });
  }
  // Then overlapping, not identical, stretches: each customer one of four starts, all of whose
  // rides hold the same half hour, so the exclusion constraint lets exactly one through.
  const overlappingBursts: { ms: number; won: number; taken: number; other: string }[] = [];
  for (const starts of overlapping) {
    const bodies = contenders.map((_, i) =>
      bookingBody(starts[i % starts.length] as Slot, OVERLAPPING_LENGTH_MINUTES),
    );
    const started = performance.now();
    const answers = await Promise.all(
      contenders.map((customer, i) =>
        send(
          baseUrl,
          agents[i] as Agent,
          customer,
          'POST',
          '/api/user/book-appointment',
          bodies[i],
        ),
      ),
    );
    overlappingBursts.push({
      ms: performance.now() - started,
      won: answers.filter((a) => a.status === 200).length,
      taken: answers.filter((a) => a.status === 409).length,
      other: otherStatuses(answers),
    });
  }
  for (const agent of agents) agent.destroy();
  const burstMs = median(bursts.map((b) => b.ms));
  const allOneWinner = bursts.every((b) => b.won === 1);
  // What PostgreSQL alone would take for as many bookings at its median pace in (a).
  const burstFloorMs = (CONTENDERS / floorRate) * 1000;
  console.log(
    table([
      [
        'burst',
        'won (200)',
        'taken (409)',
        'other',
        'wall ms',
        'p50 ms',
        'p99 ms',
        'CPU ms: all, server',
      ],
      ...bursts.map((b, i) => [
        String(i + 1),
        String(b.won),
        String(b.taken),
        b.other,
        b.ms.toFixed(0),
        b.p50.toFixed(1),
        b.p99.toFixed(1),
        `${b.cpu.machine.toFixed(0)}, ${b.cpu.server.toFixed(0)}`,
      ]),
    ]),
  );
  console.log(
    `floor: ${CONTENDERS} bookings at its ${floorRate.toFixed(0)}/s take ${burstFloorMs.toFixed(0)} ms`,
  );
  console.log(`exactly one booking must win each burst: ${allOneWinner ? 'OK' : 'WRONG'}`);
  const overlappingMs = median(overlappingBursts.map((b) => b.ms));
  const overlappingOneWinner = overlappingBursts.every((b) => b.won === 1);
  console.log(
    `\n${CONTENDERS} customers book overlapping stretches of one car at once (four starts from ` +
      `9:00 AM, ${OVERLAPPING_LENGTH_MINUTES}-minute rides), ${overlapping.length} times`,
  );
  console.log(
    table([
      ['burst', 'won (200)', 'taken (409)', 'other', 'wall ms'],
      ...overlappingBursts.map((b, i) => [
        String(i + 1),
        String(b.won),
        String(b.taken),
        b.other,
        b.ms.toFixed(0),
      ]),
    ]),
  );
  console.log(
    `exactly one booking must win each overlapping burst: ${overlappingOneWinner ? 'OK' : 'WRONG'}\n`,
  );
  console.log(
    `burst of ${CONTENDERS} on one slot, median: ${burstMs.toFixed(0)} ms ` +
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
      [
        `open loop p50 at ${openRate}/s (floor ${openFloor.p50Ms.toFixed(1)} ms)`,
        `${openP50.toFixed(1)} ms`,
        '',
        '',
      ],
      [
        `open loop p99 at ${openRate}/s (floor ${openFloor.p99Ms.toFixed(1)} ms)`,
        `${openP99.toFixed(1)} ms`,
        `< ${TARGET_OPEN_LOOP_P99_MS} ms`,
        verdict(openP99 < TARGET_OPEN_LOOP_P99_MS),
      ],
      [
        `burst of ${CONTENDERS} on one slot, median (floor ${burstFloorMs.toFixed(0)} ms)`,
        `${burstMs.toFixed(0)} ms`,
        `< ${TARGET_BURST_MS} ms`,
        verdict(burstMs < TARGET_BURST_MS),
      ],
      [
        'burst winners',
        bursts.map((b) => b.won).join(', '),
        '1 each',
        allOneWinner ? 'OK' : 'WRONG',
      ],
      [
        `burst of ${CONTENDERS} on overlapping stretches, median`,
        `${overlappingMs.toFixed(0)} ms`,
        '',
        '',
      ],
      [
        'overlapping burst winners',
        overlappingBursts.map((b) => b.won).join(', '),
        '1 each',
        overlappingOneWinner ? 'OK' : 'WRONG',
      ],
    ]),
  );
});
