import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { appointments, services, users, type Database } from '@app/db';
import { listBookableDays, rateKindOf } from '@app/shared';
import { createSession, OWNER_SESSION_POLICY } from '../modules/auth/sessions.ts';
import { bookingRequest } from './booking.ts';
import { testConfig } from './config.ts';

/** Helpers of the fault tests: customers, slots, bookings against a server process. */

export const SESSION_SECRET = testConfig().sessionSecret;

/** The item at `i` of a list the test made long enough. */
export function at<T>(items: readonly T[], i: number): T {
  const item = items.at(i);
  if (item === undefined) throw new Error(`the test has no item ${i}`);
  return item;
}

/** The environment of a server process in a fault test (PGlite unless DATABASE_URL is given). */
export function serverEnv(tmp: string, extra: Record<string, string> = {}): Record<string, string> {
  mkdirSync(join(tmp, 'web'), { recursive: true });
  return {
    NODE_ENV: 'test',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // The same secret in every process: sessions and CSRF tokens outlive a restart.
    SESSION_SECRET,
    WEB_DIST_DIR: join(tmp, 'web'),
    MAIL_DIR: join(tmp, 'mail'),
    DATA_DIR: join(tmp, 'data'),
    // Every customer of a fault test books from 127.0.0.1.
    HOLDS_PER_ADDRESS: '1000000',
    ...extra,
  };
}

export interface Customer {
  userId: string;
  cookie: string;
  csrf: string;
}

/** Users with a session each, made straight in the database (signup's argon2 is slow). */
export async function makeSessions(
  db: Database,
  count: number,
  tag: string,
): Promise<{ userId: string; cookie: string }[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Fault Rider ${i}`,
        email: `fault-${tag}-${i}-${Math.random().toString(36).slice(2)}@example.com`,
      })),
    )
    .returning({ id: users.id });
  const policy = testConfig().session;
  const made: { userId: string; cookie: string }[] = [];
  for (const { id } of rows) {
    const token = await createSession(db, id, new Date(), policy);
    made.push({ userId: id, cookie: `sid=${token}` });
  }
  return made;
}

/** An owner whose session has passed the second factor, with its CSRF token from `baseUrl`. */
export async function ownerSession(db: Database, baseUrl: string): Promise<Customer> {
  const [row] = await db
    .insert(users)
    .values({
      name: 'Olive Owner',
      email: `owner-${Math.random().toString(36).slice(2)}@example.com`,
      role: 'owner',
    })
    .returning({ id: users.id });
  const userId = (row as { id: string }).id;
  const now = new Date();
  const token = await createSession(db, userId, now, OWNER_SESSION_POLICY, { mfaVerifiedAt: now });
  const [signedIn] = await withCsrf(baseUrl, [{ userId, cookie: `sid=${token}` }]);
  return signedIn as Customer;
}

/** POSTs JSON to a server process as a signed-in user: the status and the answer's fields. */
export async function postAs(
  baseUrl: string,
  as: Customer,
  path: string,
  body: unknown,
): Promise<{ status: number; message?: string; appointmentId?: string; rideId?: string }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: as.cookie, 'x-csrf-token': as.csrf },
    body: JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

/** Asks the server for each customer's CSRF token. */
export async function withCsrf(
  baseUrl: string,
  sessions: { userId: string; cookie: string }[],
): Promise<Customer[]> {
  return Promise.all(
    sessions.map(async (session) => {
      const response = await fetch(`${baseUrl}/api/csrf-token`, {
        headers: { cookie: session.cookie },
      });
      const { csrfToken } = (await response.json()) as { csrfToken: string };
      return { ...session, csrf: csrfToken };
    }),
  );
}

export interface Slot {
  serviceId: string;
  serviceType: string;
  slotDate: string;
  slotTime: string;
}

export const slotKey = (slot: Slot) => `${slot.serviceId} ${slot.slotDate} ${slot.slotTime}`;

/**
 * `count` distinct free slots from the day after tomorrow on (clear of the day's end), spread
 * over the bookable cars: rides (an hour and the car's half-hour turnaround), two hours apart so
 * no two stretches of a car overlap; cars that only rent are left out (a rental keeps its car
 * a day and more).
 */
export async function distinctSlots(db: Database, count: number): Promise<Slot[]> {
  const cars = (
    await db
      .select({ id: services.id, types: services.serviceTypes, available: services.available })
      .from(services)
      .orderBy(asc(services.position))
  )
    .filter((car) => car.available)
    .map((car) => ({ id: car.id, type: car.types.find((type) => rateKindOf(type) !== 'rental') }))
    .filter((car): car is { id: string; type: string } => car.type !== undefined);
  const slots: Slot[] = [];
  for (const day of listBookableDays(new Date()).slice(2)) {
    for (const time of day.slots.filter((_, i) => i % 4 === 0)) {
      for (const car of cars) {
        slots.push({
          serviceId: car.id,
          serviceType: car.type,
          slotDate: day.key,
          slotTime: time.label,
        });
        if (slots.length === count) return slots;
      }
    }
  }
  throw new Error(`only ${slots.length} slots to book`);
}

export type BookingAnswer =
  | { kind: 'booked'; appointmentId: string }
  | { kind: 'refused'; status: number; message: string | undefined }
  /** The connection died before an answer (the server was killed): the outcome is unknown. */
  | { kind: 'no answer' };

export const BOOK_PATH = '/api/user/book-appointment';

/** A customer's booking of a slot as the browser sends it: its headers and JSON body. */
export function bookingCall(
  customer: Customer,
  slot: Slot,
): { headers: Record<string, string>; body: string } {
  return {
    headers: {
      'content-type': 'application/json',
      cookie: customer.cookie,
      'x-csrf-token': customer.csrf,
    },
    body: JSON.stringify(
      bookingRequest(slot.serviceId, {
        slotDate: slot.slotDate,
        slotTime: slot.slotTime,
        selectedServiceType: slot.serviceType,
      }),
    ),
  };
}

export async function book(
  baseUrl: string,
  customer: Customer,
  slot: Slot,
): Promise<BookingAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${baseUrl}${BOOK_PATH}`, {
      method: 'POST',
      ...bookingCall(customer, slot),
    });
    text = await response.text();
  } catch {
    return { kind: 'no answer' };
  }
  const body = JSON.parse(text) as { appointmentId?: string; message?: string };
  if (response.status === 200 && body.appointmentId)
    return { kind: 'booked', appointmentId: body.appointmentId };
  return { kind: 'refused', status: response.status, message: body.message };
}

export interface Job {
  customer: Customer;
  slot: Slot;
}

export interface Outcome extends Job {
  answer: BookingAnswer;
}

/**
 * Runs the jobs `concurrency` at a time, in order, until they run out or `halt` says so after
 * an answer. Answers the outcome of every job started.
 */
export async function runLoad(
  baseUrl: string,
  jobs: Job[],
  concurrency: number,
  halt: (outcomes: Outcome[]) => boolean = () => false,
): Promise<{ outcomes: Outcome[]; notStarted: number }> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let halted = false;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (!halted && next < jobs.length) {
        const job = jobs[next++] as Job;
        const answer = await book(baseUrl, job.customer, job.slot);
        outcomes.push({ ...job, answer });
        if (!halted && halt(outcomes)) halted = true;
      }
    }),
  );
  return { outcomes, notStarted: jobs.length - next };
}

export type Booked = Outcome & { answer: { kind: 'booked'; appointmentId: string } };

/** The outcomes answered 200. */
export function bookedOf(outcomes: Outcome[]): Booked[] {
  return outcomes.filter((o): o is Booked => o.answer.kind === 'booked');
}

/** The appointments of the given ids, as stored. */
export async function appointmentsById(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(appointments).where(inArray(appointments.id, ids));
}

/** Live appointments on one slot. */
export async function liveOn(db: Database, slot: Slot) {
  return db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.serviceId, slot.serviceId),
        eq(appointments.slotDate, slot.slotDate),
        eq(appointments.slotTime, slot.slotTime),
        inArray(appointments.status, ['pending_payment', 'paid']),
      ),
    );
}

/** The slots a server's public service list shows as taken, as `slotKey`s. */
export async function takenInServiceList(baseUrl: string): Promise<Set<string>> {
  const response = await fetch(`${baseUrl}/api/service/list`);
  if (!response.ok) throw new Error(`service list answered ${response.status}`);
  const { services: list } = (await response.json()) as {
    services: { _id: string; slots_booked: Record<string, string[]> }[];
  };
  const taken = new Set<string>();
  for (const service of list)
    for (const [date, times] of Object.entries(service.slots_booked))
      for (const time of times) taken.add(`${service._id} ${date} ${time}`);
  return taken;
}

/** The ids of a customer's appointments as the API lists them (expired ones are not shown). */
export async function listedAppointmentIds(
  baseUrl: string,
  customer: Customer,
): Promise<Set<string>> {
  const response = await fetch(`${baseUrl}/api/user/appointments`, {
    headers: { cookie: customer.cookie },
  });
  if (!response.ok) throw new Error(`appointments answered ${response.status}`);
  const { appointments: list } = (await response.json()) as { appointments: { _id: string }[] };
  return new Set(list.map((a) => a._id));
}

/** Polls until `check` holds (no timing assertion: only a generous limit against a hang). */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
