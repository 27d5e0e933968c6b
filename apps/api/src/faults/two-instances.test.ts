import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { appointments, DEMO_CATALOGUE, outboxMessages, services } from '@app/db';
import {
  AppointmentsResponseSchema,
  BookingResponseSchema,
  CheckoutResponseSchema,
  CsrfTokenResponseSchema,
  PaymentDetailsResponseSchema,
  ProfileResponseSchema,
} from '@app/shared';
import { clientAddressHasher } from '../lib/client-address.ts';
import { INVALID_LOGIN_MESSAGE } from '../modules/auth/authenticate-user.ts';
import { CSRF_HEADER } from '../plugins/csrf.ts';
import {
  bookingRequest,
  openPostgresDatabase,
  type PostgresTestDatabase,
} from '../test/booking.ts';
import { PASSWORD, uniqueEmail } from '../test/browser.ts';
import { databaseKinds } from '../test/databases.ts';
import { startRoundRobinProxy, UPSTREAM_HEADER, type RoundRobinProxy } from '../test/http-proxy.ts';
import {
  at,
  distinctSlots,
  SESSION_SECRET,
  serverEnv,
  slotKey,
  takenInServiceList,
  waitFor,
} from '../test/load.ts';
import { redisAvailable, TEST_REDIS_URL } from '../test/redis.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';

const postgresUp = (await databaseKinds()).includes('postgres');
const redisUp = await redisAvailable();
if (!postgresUp || !redisUp)
  console.warn('two instances behind a load balancer: skipped, it needs PostgreSQL and Redis');

/** The balancer's own loopback address: the one address the instances trust to forward. */
const BALANCER_ADDRESS = '127.0.0.2';
/** Where the test's requests come from, as the balancer sees them. */
const CLIENT_ADDRESS = '127.0.0.1';
const MIGRATIONS = (
  JSON.parse(
    readFileSync(
      resolve(import.meta.dirname, '../../../../packages/db/drizzle/meta/_journal.json'),
      'utf8',
    ),
  ) as { entries: unknown[] }
).entries.length;
/** Failed sign-ins per email before 429, low so that the count must cross instances. */
const LOGINS_PER_EMAIL = 3;

interface Answer {
  status: number;
  /** Which instance served it (the proxy's index). */
  upstream: number;
  headers: Headers;
  text: string;
  json(): unknown;
}

/** A browser tab over fetch: keeps its session cookie and its CSRF token, and nothing else. */
class Tab {
  private cookie = '';
  csrf = '';
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async send(
    path: string,
    init: { method?: string; body?: unknown; form?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      // A client may write anything here; the instances must not believe it.
      'x-forwarded-for': '203.0.113.9',
    };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    if ((init.method ?? 'GET') === 'POST' && !init.form) headers[CSRF_HEADER] = this.csrf;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    for (const set of response.headers.getSetCookie()) {
      const pair = set.split(';')[0] ?? '';
      // A cleared cookie (sign-out) is sent empty.
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const text = await response.text();
    return {
      status: response.status,
      upstream: Number(response.headers.get(UPSTREAM_HEADER)),
      headers: response.headers,
      text,
      json: () => JSON.parse(text) as unknown,
    };
  }

  post(path: string, body: unknown): Promise<Answer> {
    return this.send(path, { method: 'POST', body });
  }

  /** Asks for the token of the current cookie, as the site does after each cookie change. */
  async refreshCsrf(): Promise<Answer> {
    const answer = await this.send('/api/csrf-token');
    expect(answer.status, answer.text).toBe(200);
    this.csrf = CsrfTokenResponseSchema.parse(answer.json()).csrfToken;
    return answer;
  }
}

/**
 * Two real server processes on one PostgreSQL database and one Redis, behind a round-robin
 * reverse proxy on loopback (docs/deploy.md): a customer's whole journey goes through it, each
 * request to the other instance than the one before.
 */
describe.skipIf(!postgresUp || !redisUp)('two instances behind a load balancer', () => {
  let database: PostgresTestDatabase;
  let proxy: RoundRobinProxy;
  const instances: ServerProcess[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'two-instances-'));

  beforeAll(async () => {
    // Empty: the instances migrate it themselves, both at once.
    database = await openPostgresDatabase({ prepare: false });
    proxy = await startRoundRobinProxy({ sourceAddress: BALANCER_ADDRESS });
    // One configuration for every instance: the same secret, database, Redis, public address,
    // uploads and mail.
    const env = serverEnv(tmp, {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      TRUST_PROXY: BALANCER_ADDRESS,
      PUBLIC_BASE_URL: proxy.baseUrl,
      UPLOADS_DIR: join(tmp, 'uploads'),
      SEED_DEMO: 'true',
      SMS_DIR: join(tmp, 'sms'),
      MESSAGES_EVERY: '1s',
      RATE_LIMIT_LOGIN_PER_EMAIL: `${LOGINS_PER_EMAIL}/15m`,
      // Every run signs up and pays from 127.0.0.1, and Redis keeps counts across runs.
      RATE_LIMIT_LOGIN_PER_IP: '1000/1m',
      RATE_LIMIT_SIGNUP_PER_IP: '1000/1m',
      RATE_LIMIT_PAYMENT_PER_IP: '1000/1m',
    });
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    proxy.setUpstreams(instances.map((instance) => instance.port));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await proxy?.close();
    await database?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('migrates and seeds once when both instances start together', async () => {
    const db = database.handle.db;
    const applied = (await db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { n: number }[] };
    expect(applied.rows[0]?.n).toBe(MIGRATIONS);
    expect(await db.$count(services)).toBe(DEMO_CATALOGUE.length);
    for (const instance of instances) {
      const ready = await fetch(`${instance.baseUrl}/api/health/ready`);
      expect(await ready.json()).toEqual({
        status: 'ready',
        database: 'postgres',
        rateLimits: 'redis',
      });
    }
  });

  it("runs a customer's journey with each request on the other instance", async () => {
    const db = database.handle.db;
    const tab = new Tab(proxy.baseUrl);
    const email = uniqueEmail('two-instances');
    const other = (answer: Answer) => 1 - answer.upstream;

    // A visitor's token, made by one instance, is taken by the other.
    const visitorToken = await tab.refreshCsrf();
    const signup = await tab.post('/api/user/register', {
      name: 'Balanced Rider',
      email,
      password: PASSWORD,
      phone: '555-123-4567',
    });
    expect(signup.status, signup.text).toBe(200);
    expect(signup.upstream).toBe(other(visitorToken));

    const login = await tab.post('/api/user/login', { email, password: PASSWORD });
    expect(login.status, login.text).toBe(200);
    // The session one instance started is known to the other.
    const profile = await tab.send('/api/user/profile');
    expect(profile.upstream).toBe(other(login));
    expect(ProfileResponseSchema.parse(profile.json()).user).toMatchObject({ email });

    // The CSRF token of the session, made by one instance, books on the other.
    const sessionToken = await tab.refreshCsrf();
    const slot = at(await distinctSlots(db, 1), 0);
    const booking = await tab.post(
      '/api/user/book-appointment',
      bookingRequest(slot.serviceId, {
        slotDate: slot.slotDate,
        slotTime: slot.slotTime,
        selectedServiceType: slot.serviceType,
      }),
    );
    expect(booking.status, booking.text).toBe(200);
    expect(booking.upstream).toBe(other(sessionToken));
    const { appointmentId } = BookingResponseSchema.parse(booking.json());
    // The hold keeps the client's address as the balancer saw it: not the balancer's own, not
    // what the client wrote in X-Forwarded-For.
    const [held] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
    const hash = clientAddressHasher(SESSION_SECRET);
    expect(held?.clientAddressHash).toBe(hash(CLIENT_ADDRESS));

    // The sandbox checkout, at the balancer's address; its page and its form on either instance.
    const checkout = await tab.post('/api/user/create-checkout-session', { appointmentId });
    expect(checkout.status, checkout.text).toBe(200);
    const { url } = CheckoutResponseSchema.parse(checkout.json());
    expect(url.startsWith(`${proxy.baseUrl}/api/payments/sandbox/cs_sandbox_`)).toBe(true);
    const checkoutPath = new URL(url).pathname;
    const page = await tab.send(checkoutPath);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sandbox checkout');
    const paid = await tab.send(`${checkoutPath}/pay`, {
      method: 'POST',
      form: { name: 'Balanced Rider' },
    });
    expect(paid.status, paid.text).toBe(303);
    expect(paid.upstream).toBe(other(page));
    const success = new URL(paid.headers.get('location') ?? '');
    expect(success.origin + success.pathname).toBe(`${proxy.baseUrl}/success`);
    const sessionId = success.searchParams.get('session_id') ?? '';
    const details = await tab.send(
      `/api/user/stripe-payment-details?session_id=${encodeURIComponent(sessionId)}`,
    );
    expect(details.status, details.text).toBe(200);
    expect(PaymentDetailsResponseSchema.parse(details.json()).session).toMatchObject({
      payment_status: 'paid',
      customer_details: { email },
    });

    // My Appointments, from both instances in turn.
    for (let i = 0; i < 2; i++) {
      const mine = await tab.send('/api/user/appointments');
      expect(mine.status, mine.text).toBe(200);
      expect(AppointmentsResponseSchema.parse(mine.json()).appointments).toEqual([
        expect.objectContaining({
          _id: appointmentId,
          slotDate: slot.slotDate,
          slotTime: slot.slotTime,
          payment: true,
          cancelled: false,
        }),
      ]);
    }
    // The instance that did not take the booking shows the slot taken within its cache's second.
    await waitFor('both instances to list the slot as taken', async () => {
      const lists = await Promise.all(instances.map((i) => takenInServiceList(i.baseUrl)));
      return lists.every((taken) => taken.has(slotKey(slot)));
    });

    // The payment's emails (and the signup's address confirmation), written once to the shared
    // outbox, are sent once between the two.
    const outbox = () =>
      db
        .select({
          status: outboxMessages.status,
          channel: outboxMessages.channel,
          appointmentId: outboxMessages.appointmentId,
        })
        .from(outboxMessages);
    await waitFor('the outbox to be sent', async () => {
      const rows = await outbox();
      return (
        rows.some((row) => row.appointmentId === appointmentId) &&
        rows.every((row) => row.status === 'sent')
      );
    });
    const emails = (await outbox()).filter((row) => row.channel === 'email');
    expect(emails.filter((row) => row.appointmentId === appointmentId).length).toBeGreaterThan(0);
    expect(readdirSync(join(tmp, 'mail')).filter((name) => name.endsWith('.eml'))).toHaveLength(
      emails.length,
    );

    // Signed out on one instance is signed out on the other.
    await tab.refreshCsrf();
    const logout = await tab.post('/api/user/logout', {});
    expect(logout.status, logout.text).toBe(200);
    const after = await tab.send('/api/user/appointments');
    expect(after.upstream).toBe(other(logout));
    expect(after.status).toBe(401);

    expect(proxy.served[0]).toBeGreaterThan(5);
    expect(proxy.served[1]).toBeGreaterThan(5);
  });

  it('counts failed sign-ins in Redis across the instances', async () => {
    const tab = new Tab(proxy.baseUrl);
    await tab.refreshCsrf();
    const email = uniqueEmail('two-instances-limit');
    const wrong = { email, password: 'not the password 1!' };
    const failures: Answer[] = [];
    for (let i = 0; i < LOGINS_PER_EMAIL; i++)
      failures.push(await tab.post('/api/user/login', wrong));
    for (const failure of failures) {
      expect(failure.status).toBe(401);
      expect(failure.json()).toMatchObject({ message: INVALID_LOGIN_MESSAGE });
    }
    // Neither instance saw LOGINS_PER_EMAIL failures itself: only a shared count refuses now.
    expect(new Set(failures.map((failure) => failure.upstream))).toEqual(new Set([0, 1]));
    const refused = await tab.post('/api/user/login', wrong);
    expect(refused.status, refused.text).toBe(429);
  });
});
