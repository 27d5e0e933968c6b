/**
 * Search by time (`npm run bench:search`): `GET /api/service/search` over a fleet of 40 cars with
 * bookings across the 90 days of the window, at 50 connections, each request a different start,
 * length and party. Prints the throughput and the latency percentiles, and the share of the
 * answers that found a free car. Figures only: nothing here fails on a budget.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb, prepareDb, services } from '@app/db';
import {
  BOOKING_WINDOW_DAYS,
  searchCars,
  addDays,
  businessToday,
  carSearchQuery,
  slotDateKey,
} from '@app/shared';
import { listServices } from '../apps/api/src/modules/service/list-services.ts';
import {
  makeTempDir,
  percentile,
  positiveSetting,
  runMain,
  startServer,
  table,
} from './lib/harness.ts';

const DURATION_S = positiveSetting('BENCH_DURATION', 10);
const CONNECTIONS = positiveSetting('BENCH_CONNECTIONS', 50);
const CARS = 40;
/** Bookings per car and day: a busy fleet, a few rides a day each. */
const RIDES_PER_CAR_DAY = 3;

/** The demo fleet cloned to 40 cars, and three 2-hour rides a car each day of the window. */
async function seedFleet(dataDir: string): Promise<void> {
  const handle = await createDb({ dataDir });
  try {
    await prepareDb(handle, { seed: true });
    const { db } = handle;
    const demo = await db.select().from(services);
    for (let i = demo.length; i < CARS; i++) {
      const car = demo[i % demo.length] as (typeof demo)[0];
      await db.insert(services).values({
        ...car,
        id: randomUUID(),
        createdAt: new Date(),
        name: `${car.name} ${i}`,
        position: i,
      });
    }
    // Rides at 8 AM, 1 PM and 6 PM New York (13:00, 18:00, 23:00 UTC in winter; close enough for
    // load), 2 hours and a 30-minute turnaround each, paid, by one customer.
    await db.execute(sql`
      insert into users (name, email) values ('Bench Rider', 'bench-rider@example.com')
      on conflict do nothing`);
    await db.execute(sql`
      insert into appointments (user_id, service_id, slot_start, slot_date, slot_time, length_minutes,
        ends_at, turnaround_minutes, occupied_until, status, service_type, phone, pickup_address,
        dropoff_address, amount_cents, hold_expires_at, paid_at, price_cents)
      select u.id, s.id, t, to_char(t at time zone 'America/New_York', 'FMDD_FMMM_YYYY'),
        to_char(t at time zone 'America/New_York', 'FMHH12:MI AM'), 120, t + interval '2 hours', 30,
        t + interval '150 minutes', 'paid', 'Airport Transfer', '781-555-0100', '1 Main Street',
        'Logan Airport', 5000, t, now(), 20000
      from services s
      cross join (select id from users where email = 'bench-rider@example.com') u
      cross join generate_series(date_trunc('day', now()) + interval '1 day 13 hours',
        date_trunc('day', now()) + ${`${BOOKING_WINDOW_DAYS - 2} days`}::interval, interval '1 day') d
      cross join generate_series(0, ${RIDES_PER_CAR_DAY - 1}) k
      cross join lateral (select d + k * interval '5 hours' as t) stretch`);
  } finally {
    await handle.close();
  }
}

/**
 * Closed loop: `CONNECTIONS` clients, each sending the next search as soon as the last answers,
 * for `seconds`; answers each search's latency in milliseconds. (autocannon, which the other
 * benchmarks use, sent the first request of each connection and never read an answer here.)
 */
async function load(
  baseUrl: string,
  requests: readonly { path: string }[],
  seconds: number,
): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const path = requests[next++ % requests.length]?.path ?? '/';
        const started = performance.now();
        const response = await fetch(`${baseUrl}${path}`);
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - started);
        else failed++;
      }
    }),
  );
  return { latencies, failed };
}

/** The two costs in one process: building the list from the database, and one search over it. */
async function inProcess(dataDir: string): Promise<void> {
  const handle = await createDb({ dataDir });
  try {
    const rounds: string[][] = [];
    for (let round = 0; round < 3; round++) {
      const t0 = performance.now();
      const list = await listServices(handle.db, new Date());
      const t1 = performance.now();
      const query = {
        slotDate: slotDateKey(addDays(businessToday(new Date()), 10)),
        slotTime: '1:00 PM',
        kind: 'hourly' as const,
        length: 2,
        passengers: 1,
        bags: 0,
      };
      searchCars(list, query, new Date());
      const t2 = performance.now();
      searchCars(list, query, new Date());
      const t3 = performance.now();
      const size = JSON.stringify(list).length;
      rounds.push([
        String(round + 1),
        (t1 - t0).toFixed(0),
        `${(size / 1024).toFixed(0)} KB`,
        (t2 - t1).toFixed(1),
        (t3 - t2).toFixed(2),
      ]);
    }
    console.log(
      table([['round', 'list ms', 'list JSON', 'first search ms', 'next search ms'], ...rounds]),
    );
  } finally {
    await handle.close();
  }
}

runMain(async () => {
  const tmp = makeTempDir('bench-search');
  const dataDir = join(tmp, 'data');
  const webDir = join(tmp, 'web');
  mkdirSync(webDir, { recursive: true });
  console.log(`Seeding ${CARS} cars with ${RIDES_PER_CAR_DAY} rides a day over the window ...`);
  await seedFleet(dataDir);
  await inProcess(dataDir);
  const server = await startServer({ dataDir, webDistDir: webDir });

  // 50 different searches: days across the window, times across the day, lengths and parties.
  const today = businessToday(new Date());
  const lengths = ['1h', '2h', '3h', '6h', '1d', '3d', '7d'];
  const requests = Array.from({ length: 50 }, (_, i) => ({
    method: 'GET' as const,
    path: `/api/service/search?${carSearchQuery({
      date: slotDateKey(addDays(today, 1 + ((i * 7) % (BOOKING_WINDOW_DAYS - 2)))),
      time: `${(i % 12) + 1}:${i % 2 ? '30' : '00'} ${i % 3 ? 'PM' : 'AM'}`,
      length: lengths[i % lengths.length] as string,
      passengers: 1 + (i % 6),
      bags: i % 4,
    })}`,
  }));
  const first = await fetch(`${server.baseUrl}${requests[0]?.path}`);
  const sample = (await first.json()) as { free: unknown[]; busy: unknown[] };
  console.log(`A search answers ${sample.free.length} free and ${sample.busy.length} busy cars.`);

  console.log(`Warm-up 1 s, then ${DURATION_S} s at ${CONNECTIONS} connections ...`);
  await load(server.baseUrl, requests, 1);
  const { latencies, failed } = await load(server.baseUrl, requests, DURATION_S);
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    table([
      ['searches/s', 'p50 ms', 'p99 ms', 'failed'],
      [
        (sorted.length / DURATION_S).toFixed(0),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 99).toFixed(1),
        String(failed),
      ],
    ]),
  );
  console.log(
    `${availableParallelism()} CPUs, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
});
