/**
 * Customers watching live trip pages (`npm run bench:trips`): the real server on the embedded
 * database, one paid ride its chauffeur drives, and `BENCH_WATCHERS` (1,000) pages each asking
 * `GET /api/trip/:token` every `TRIP_POLL_MS` (10 s) as the page does, each from its own moment.
 * After a warm-up the chauffeur taps "On my way"; each watcher's time from the tap to its first
 * answer that shows it is recorded. Prints those times (p50, p99, max), the server's memory
 * before the watchers and with them, and the looks per second. Figures only (ADR 022).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import {
  appointments,
  createDb,
  prepareDb,
  services,
  sessions,
  users,
  type Database,
} from '@app/db';
import {
  CustomerRideResponseSchema,
  TRIP_POLL_MS,
  TripResponseSchema,
  addDays,
  businessToday,
  slotDateKey,
  slotStartsAt,
} from '@app/shared';
import {
  kb,
  makeTempDir,
  percentile,
  positiveSetting,
  runMain,
  startServer,
  table,
} from './lib/harness.ts';
import { paidRideRow } from './lib/rides.ts';

const WATCHERS = positiveSetting('BENCH_WATCHERS', 1000);
const WARM_UP_MS = 2 * TRIP_POLL_MS;

/** A session for the user, past the second factor, straight in the database: its token. */
async function signIn(db: Database, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt: new Date(Date.now() + 12 * 3_600_000),
    mfaVerifiedAt: new Date(),
  });
  return token;
}

/** The demo catalogue, a chauffeur, a customer, their paid ride tomorrow, and both signed in. */
async function seed(dataDir: string) {
  const handle = await createDb({ dataDir });
  try {
    await prepareDb(handle, { seed: true });
    const { db } = handle;
    const [car] = await db.select().from(services).where(eq(services.name, 'Tesla Model S'));
    if (!car) throw new Error('no Tesla Model S in the demo catalogue');
    const [chauffeur, customer] = await db
      .insert(users)
      .values([
        { name: 'Dana Driver', email: 'bench-driver@example.com', role: 'chauffeur' },
        { name: 'Bench Rider', email: 'bench-rider@example.com' },
      ])
      .returning({ id: users.id });
    if (!chauffeur || !customer) throw new Error('no users');
    const slotDate = slotDateKey(addDays(businessToday(new Date()), 1));
    const slotStart = slotStartsAt(slotDate, '9:00 AM');
    if (!slotStart) throw new Error('no slot');
    const [ride] = await db
      .insert(appointments)
      .values(
        paidRideRow({
          userId: customer.id,
          serviceId: car.id,
          chauffeurId: chauffeur.id,
          slotStart,
          lengthMinutes: 60,
        }),
      )
      .returning({ id: appointments.id });
    if (!ride) throw new Error('no ride');
    return {
      rideId: ride.id,
      chauffeurSid: await signIn(db, chauffeur.id),
      customerSid: await signIn(db, customer.id),
    };
  } finally {
    await handle.close();
  }
}

runMain(async () => {
  const tmp = makeTempDir('bench-trips');
  const dataDir = join(tmp, 'data');
  const webDir = join(tmp, 'web');
  mkdirSync(webDir, { recursive: true });
  console.log('Seeding the demo catalogue and one driven ride ...');
  const { rideId, chauffeurSid, customerSid } = await seed(dataDir);
  // Every watcher comes from this one address: the per-address limit out of the way.
  process.env.RATE_LIMIT_TRIP_PER_IP = '100000000/1m';
  const server = await startServer({ dataDir, webDistDir: webDir });
  const get = (path: string, sid: string) =>
    fetch(`${server.baseUrl}${path}`, { headers: { cookie: `sid=${sid}` } });

  const page = await get(`/api/appointments/${rideId}`, customerSid);
  if (!page.ok) throw new Error(`The ride page answered ${page.status}: ${await page.text()}`);
  const token = CustomerRideResponseSchema.parse(await page.json()).ride.tripToken;
  if (!token) throw new Error('the ride has no trip token');
  const tripPath = `${server.baseUrl}/api/trip/${token}`;

  const idleRss = server.rss();
  let looks = 0;
  let failures = 0;
  let tappedAt = 0;
  let stopping = false;
  const seenAfterTap: number[] = [];

  /** One page: its own first moment, then a look every TRIP_POLL_MS, as `LiveTrip` asks. */
  async function watch(): Promise<void> {
    await delay(Math.random() * TRIP_POLL_MS);
    let seen = false;
    while (!stopping) {
      const asked = performance.now();
      try {
        const response = await fetch(tripPath);
        const { trip } = TripResponseSchema.parse(await response.json());
        looks++;
        if (!seen && trip.tripStatus === 'on_my_way' && tappedAt > 0) {
          seen = true;
          seenAfterTap.push(performance.now() - tappedAt);
        }
      } catch {
        failures++;
      }
      await delay(Math.max(0, TRIP_POLL_MS - (performance.now() - asked)));
    }
  }

  console.log(`${WATCHERS} watchers, a look each every ${TRIP_POLL_MS / 1000} s ...`);
  const watchers = Array.from({ length: WATCHERS }, () => watch());
  await delay(WARM_UP_MS);
  const warmLooks = looks;
  const warmRss = server.rss();
  const rateStart = performance.now();
  await delay(TRIP_POLL_MS);
  const perSecond = ((looks - warmLooks) * 1000) / (performance.now() - rateStart);

  // The chauffeur's tap, as the day sheet sends it.
  const csrf = await get('/api/csrf-token', chauffeurSid);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  tappedAt = performance.now();
  const tap = await fetch(`${server.baseUrl}/api/drive/rides/${rideId}/status`, {
    method: 'POST',
    headers: {
      cookie: `sid=${chauffeurSid}`,
      'content-type': 'application/json',
      'x-csrf-token': csrfToken,
    },
    body: JSON.stringify({ status: 'on_my_way', tapKey: crypto.randomUUID() }),
  });
  if (!tap.ok) throw new Error(`The tap answered ${tap.status}: ${await tap.text()}`);
  const tapMs = performance.now() - tappedAt;
  const deadline = performance.now() + 3 * TRIP_POLL_MS;
  while (seenAfterTap.length < WATCHERS && performance.now() < deadline) await delay(100);
  const peakRss = server.rss();
  stopping = true;
  await Promise.all(watchers);

  const sorted = [...seenAfterTap].sort((a, b) => a - b);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log('');
  console.log(
    table([
      ['', 'value'],
      ['watchers that saw the tap', `${sorted.length} of ${WATCHERS}`],
      ['tap to page, p50', s(percentile(sorted, 50))],
      ['tap to page, p99', s(percentile(sorted, 99))],
      ['tap to page, max', s(sorted.at(-1) ?? Number.NaN)],
      ['the tap itself', `${tapMs.toFixed(0)} ms`],
      ['looks per second', perSecond.toFixed(0)],
      ['failed looks', String(failures)],
      ['server RSS, idle', kb(idleRss)],
      ['server RSS, watched', kb(Math.max(warmRss, peakRss))],
    ]),
  );
  console.log(
    `\n${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; the watchers run in this process beside the server.`,
  );
});
