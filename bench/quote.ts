/**
 * The day grid of a quote (`npm run bench:quote`): `POST /api/service/:serviceId/quote` without a
 * time, a ride from Norwood to Logan on a car with a busy day (six rides), so every answer
 * estimates the drive at each of the day's starts (offline), fits each start's stretch between
 * the rides and prices it. 1 s warm-up, then `BENCH_DURATION` s at `BENCH_CONNECTIONS` (50)
 * connections with autocannon. Prints throughput and latency percentiles. Figures only: nothing
 * here fails on a budget.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { eq } from 'drizzle-orm';
import { appointments, createDb, prepareDb, services, users } from '@app/db';
import {
  QuoteResponseSchema,
  addDays,
  businessToday,
  slotDateKey,
  slotStartsAt,
  type QuoteRequest,
} from '@app/shared';
import { makeTempDir, positiveSetting, runMain, startServer, table } from './lib/harness.ts';
import { paidRideRow } from './lib/rides.ts';

const DURATION_S = positiveSetting('BENCH_DURATION', 10);
const CONNECTIONS = positiveSetting('BENCH_CONNECTIONS', 50);
const CAR = 'Tesla Model S';
/** The busy day's rides: start and length in minutes (each with the car's 30-minute turnaround). */
const RIDES: readonly [string, number][] = [
  ['6:00 AM', 60],
  ['8:30 AM', 90],
  ['11:30 AM', 45],
  ['1:30 PM', 120],
  ['5:00 PM', 60],
  ['8:00 PM', 75],
];

/** The demo catalogue, and six paid rides of one car on `slotDate`. */
async function seed(dataDir: string, slotDate: string): Promise<string> {
  const handle = await createDb({ dataDir });
  try {
    await prepareDb(handle, { seed: true });
    const { db } = handle;
    const [car] = await db.select().from(services).where(eq(services.name, CAR));
    if (!car) throw new Error(`no ${CAR} in the demo catalogue`);
    const [user] = await db
      .insert(users)
      .values({ name: 'Bench Rider', email: 'bench-rider@example.com' })
      .returning({ id: users.id });
    for (const [slotTime, lengthMinutes] of RIDES) {
      const slotStart = slotStartsAt(slotDate, slotTime);
      if (!slotStart) throw new Error(`not a slot: ${slotDate} ${slotTime}`);
      await db.insert(appointments).values(
        paidRideRow({
          userId: (user as { id: string }).id,
          serviceId: car.id,
          slotStart,
          lengthMinutes,
        }),
      );
    }
    return car.id;
  } finally {
    await handle.close();
  }
}

async function load(
  baseUrl: string,
  request: { path: string; headers: Record<string, string>; body: string },
  seconds: number,
): Promise<Result> {
  const result = await autocannon({
    url: baseUrl,
    requests: [{ method: 'POST', ...request }],
    connections: CONNECTIONS,
    duration: seconds,
  });
  if (result.errors > 0 || result.timeouts > 0) {
    console.log(`  (${result.errors} errors, ${result.timeouts} timeouts)`);
  }
  return result;
}

runMain(async () => {
  const tmp = makeTempDir('bench-quote');
  const dataDir = join(tmp, 'data');
  const webDir = join(tmp, 'web');
  mkdirSync(webDir, { recursive: true });
  // Three days ahead: a full day of starts, none in the past.
  const slotDate = slotDateKey(addDays(businessToday(new Date()), 3));
  console.log(
    `Seeding the demo catalogue and ${RIDES.length} rides of the ${CAR} on ${slotDate} ...`,
  );
  const serviceId = await seed(dataDir, slotDate);
  // Every request comes from this one address: the quote's per-address limit out of the way.
  process.env.RATE_LIMIT_QUOTE_PER_IP = '100000000/1m';
  const server = await startServer({ dataDir, webDistDir: webDir });

  // A visitor's cookie and its CSRF token, as the car page has them.
  const tokenResponse = await fetch(`${server.baseUrl}/api/csrf-token`);
  const cookie = (tokenResponse.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrfToken } = (await tokenResponse.json()) as { csrfToken: string };
  const headers = {
    'content-type': 'application/json',
    cookie,
    'x-csrf-token': csrfToken,
  };
  const request: QuoteRequest = {
    serviceType: 'Airport Transfer',
    ride: {
      slotDate,
      pickupAddress: 'Norwood, MA 02062',
      dropoffAddress: 'Logan Airport, Boston, MA',
      waitingMinutes: 15,
    },
  };
  const body = JSON.stringify(request);
  const path = `/api/service/${serviceId}/quote`;
  const first = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body });
  if (!first.ok) throw new Error(`The quote answered ${first.status}: ${await first.text()}`);
  const sample = QuoteResponseSchema.parse(await first.json());
  console.log(
    `A quote offers ${sample.ride.starts.length} of the day's starts (${sample.ride.lengthMinutes} minutes at noon, ${
      sample.ride.starts.filter((start) => start.flatRate).length
    } at the flat rate).`,
  );

  console.log(`Warm-up 1 s, then ${DURATION_S} s at ${CONNECTIONS} connections ...`);
  await load(server.baseUrl, { path, headers, body }, 1);
  const result = await load(server.baseUrl, { path, headers, body }, DURATION_S);
  console.log(
    table([
      ['quotes/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'requests', 'non-2xx'],
      [
        result.requests.average.toFixed(0),
        String(result.latency.p50),
        String(result.latency.p90),
        String(result.latency.p99),
        String(result.latency.max),
        String(result.requests.total),
        String(result.non2xx),
      ],
    ]),
  );
  console.log(
    `${availableParallelism()} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
});
