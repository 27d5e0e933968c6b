import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  appointments,
  createDb,
  prepareDb,
  services,
  users,
  type Database,
  type DbHandle,
} from '@app/db';
import {
  BookingResponseSchema,
  LIVE_APPOINTMENT_STATUSES,
  ServiceListResponseSchema,
  type BookingRequest,
} from '@app/shared';
import { createSession } from '../modules/auth/sessions.ts';
import { Browser } from './browser.ts';
import { testConfig } from './config.ts';

const SESSION_POLICY = testConfig().session;

/** A signed-in customer made without signup (argon2 is slow): a user row, a session, its cookie. */
export async function signedInBrowser(
  app: FastifyInstance,
  db: Database,
  now: Date,
  name = 'Test Customer',
): Promise<{ browser: Browser; userId: string; email: string }> {
  const email = `rider-${randomBytes(6).toString('hex')}@example.com`;
  const [user] = await db.insert(users).values({ name, email }).returning({ id: users.id });
  const userId = (user as { id: string }).id;
  const token = await createSession(db, userId, now, SESSION_POLICY);
  const browser = new Browser(app);
  browser.setSid(token);
  return { browser, userId, email };
}

/** The id of a demo catalogue car by name. */
export async function serviceIdByName(db: Database, name: string): Promise<string> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.name, name));
  if (!row) throw new Error(`no service named ${name}`);
  return row.id;
}

/**
 * An address the drive estimate cannot place (no town, no ZIP code): a ride from it books the
 * length the customer chose, as before a ride's length came from its route.
 */
export const UNPLACED_ADDRESS = '1 Main Street';

/** A complete, valid booking request; tests override the field they are about. */
export function bookingRequest(
  serviceId: string,
  overrides: Partial<BookingRequest> & Record<string, unknown> = {},
): BookingRequest & Record<string, unknown> {
  return {
    serviceId,
    slotDate: '23_11_2026',
    slotTime: '9:30 AM',
    phone: '781-555-0100',
    pickupAddress: '1 Main Street, Norfolk, MA',
    dropoffAddress: 'Logan Airport, Boston, MA',
    pickupNotes: 'Two suitcases.',
    selectedServiceType: 'Airport Transfer',
    needsReturnRide: false,
    returnPickupNotes: '',
    returnPickupAddress: '',
    returnDropoffAddress: '',
    // As the web sends it: the booking policy's checkbox includes the texts.
    smsConsent: true,
    ...overrides,
  };
}

/** Books and expects success; answers the new appointment's id. */
export async function bookOk(browser: Browser, body: Record<string, unknown>): Promise<string> {
  const response = await browser.post('/api/user/book-appointment', body);
  expect(response.statusCode, response.body).toBe(200);
  const { appointmentId } = BookingResponseSchema.parse(response.json());
  expect(appointmentId).toMatch(/^[0-9a-f-]{36}$/);
  return appointmentId;
}

/** Opens the sandbox checkout of the customer's appointment; answers its page's path. */
export async function openSandboxCheckout(
  browser: Browser,
  appointmentId: string,
): Promise<string> {
  const opened = await browser.post('/api/user/create-checkout-session', { appointmentId });
  expect(opened.statusCode, opened.body).toBe(200);
  return new URL(opened.json<{ url: string }>().url).pathname;
}

/**
 * Sends the sandbox checkout page's form with its test card, as a customer would; answers the
 * page's answer (a 303 to the success page once taken, a 410 when the checkout is closed).
 */
export function paySandboxCheckout(
  app: FastifyInstance,
  checkoutPath: string,
  cardholder = 'Ann Rider',
  /** One of the sandbox's test cards (`modules/payments/sandbox-cards.ts`). */
  card = '4242 4242 4242 4242',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${checkoutPath}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      name: cardholder,
      card,
      exp: '12 / 34',
      cvc: '123',
    }).toString(),
  });
}

/**
 * Pays an appointment through the sandbox checkout with its test card, as a customer would;
 * answers the checkout session's id.
 */
export async function payThroughSandbox(
  app: FastifyInstance,
  browser: Browser,
  appointmentId: string,
  card?: string,
): Promise<string> {
  const path = await openSandboxCheckout(browser, appointmentId);
  const paid = await paySandboxCheckout(app, path, undefined, card);
  expect(paid.statusCode, paid.body).toBe(303);
  return path.split('/').at(-1) as string;
}

/** The appointment row, as stored. */
export async function appointmentRow(db: Database, id: string) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  if (!row) throw new Error(`no appointment ${id}`);
  return row;
}

/** Live (held or paid) appointments on one car's slot: never more than one. */
export async function liveAppointmentsOnSlot(
  db: Database,
  serviceId: string,
  slotDate: string,
  slotTime: string,
) {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.serviceId, serviceId),
        eq(appointments.slotDate, slotDate),
        eq(appointments.slotTime, slotTime),
        inArray(appointments.status, LIVE_APPOINTMENT_STATUSES),
      ),
    );
}

/** The taken time labels of one car on one date, as the public service list shows them. */
export async function slotsBookedOf(
  app: FastifyInstance,
  serviceId: string,
  slotDate: string,
): Promise<readonly string[]> {
  const response = await app.inject({ method: 'GET', url: '/api/service/list' });
  expect(response.statusCode).toBe(200);
  const { services: list } = ServiceListResponseSchema.parse(response.json());
  return list.find((s) => s._id === serviceId)?.slots_booked[slotDate] ?? [];
}

export const ADMIN_POSTGRES_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface PostgresTestDatabase {
  /** The connection URL, for server processes started by the test. */
  url: string;
  handle: DbHandle;
  drop(): Promise<void>;
}

/**
 * A migrated and seeded PostgreSQL database of its own, with its URL (for child processes);
 * `prepare: false` leaves it empty, for server processes to migrate.
 */
export async function openPostgresDatabase(
  options: { prepare?: boolean } = {},
): Promise<PostgresTestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString(), poolSize: 20 });
  const drop = async () => {
    await handle.close().catch(() => {});
    await admin(`drop database if exists ${name} with (force)`);
  };
  try {
    if (options.prepare ?? true) await prepareDb(handle, { seed: true });
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: url.toString(), handle, drop };
}
