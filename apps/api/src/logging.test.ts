import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { appointments, refunds, users } from '@app/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import type { Mail, Mailer } from './email/transport.ts';
import { bookingRequest, bookOk, serviceIdByName, signedInBrowser } from './test/booking.ts';
import { Browser, uniqueEmail } from './test/browser.ts';
import { createClock } from './test/clock.ts';
import { testConfig } from './test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from './test/databases.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York
const BASE = 'http://localhost:3000';
const NAME = 'Lena Whitcombe';
const PHONE = '617-555-0199';
const PASSWORD = 'Orchard-gate 42!';
const NEW_PASSWORD = 'Lantern-quay 77!';
const WRONG_PASSWORD = 'Not-my-password 9!';
const PICKUP = '18 Quarry Lane, Walpole, MA';
const DROPOFF = 'Terminal C, Logan Airport, Boston, MA';

interface LogLine {
  [key: string]: unknown;
  level: number;
  msg?: string;
  reqId?: unknown;
  userId?: string;
  req?: { url?: string };
  err?: { type?: string; message?: string; stack?: string };
}

/** A mailer that keeps what it sends, and fails like an SMTP server for `bounce-` addresses. */
function recordingMailer(sent: Mail[]): Mailer {
  return {
    async send(mail) {
      if (mail.to.startsWith('bounce-')) {
        throw Object.assign(
          new Error(`Can't send mail - all recipients were rejected: 550 <${mail.to}>: unknown`),
          { code: 'EENVELOPE', rejected: [mail.to], response: `550 <${mail.to}>: unknown` },
        );
      }
      sent.push(mail);
    },
    close() {},
  };
}

describe.each(await databaseKinds())('request logs on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let webDir: string;
  const written: string[] = [];
  const sent: Mail[] = [];
  /** Every value that must never appear in a log line; filled as the scenario goes. */
  const secrets = new Map<string, string>();

  const lines = (): LogLine[] => written.map((line) => JSON.parse(line) as LogLine);
  const linesOf = (response: LightMyRequestResponse) =>
    lines().filter((line) => line.reqId === response.headers['x-request-id']);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // A built site of one page, so the reset page is answered as in production.
    webDir = mkdtempSync(join(tmpdir(), 'logging-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Norfolk Rides</title>');
    app = await buildApp({
      config: testConfig({ publicBaseUrl: BASE, webDistDir: webDir }),
      db: database.handle,
      now: createClock(NOW).now,
      logger: { level: 'info', stream: { write: (line) => written.push(line) } },
      mailer: recordingMailer(sent),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(webDir, { recursive: true, force: true });
  });

  /** No captured line holds any secret, and every line belongs to a request. */
  const expectCleanLogs = () => {
    expect(written.length).toBeGreaterThan(0);
    const all = written.join('\n');
    for (const [what, value] of secrets) {
      expect(all.toLowerCase(), `${what} leaked into the logs`).not.toContain(value.toLowerCase());
    }
    for (const line of lines()) expect(typeof line.reqId, JSON.stringify(line)).toBe('string');
  };

  it('logs signup, login, password reset and payment lookup without personal data or secrets', async () => {
    const browser = new Browser(app);
    const email = uniqueEmail('lena.whitcombe');
    secrets.set('email', email).set('name', NAME).set('phone', PHONE);
    secrets.set('password', PASSWORD).set('new password', NEW_PASSWORD);
    secrets.set('wrong password', WRONG_PASSWORD);

    const signup = await browser.register({ name: NAME, email, password: PASSWORD, phone: PHONE });
    expect(signup.statusCode, signup.body).toBe(200);
    const wrong = await browser.login(email.toUpperCase(), WRONG_PASSWORD);
    expect(wrong.statusCode).toBe(401);

    const forgot = await browser.post('/api/user/forgot-password', { email });
    expect(forgot.statusCode).toBe(200);
    await vi.waitFor(() => expect(sent.some((mail) => mail.to === email)).toBe(true));
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(sent.at(-1)?.text ?? '')?.[1];
    expect(token).toBeDefined();
    secrets.set('reset token', token as string);

    const page = await browser.get(`/reset-password/${token}`);
    expect(page.statusCode).toBe(200);
    expect(linesOf(page).map((line) => line.req?.url)).toContain('/reset-password/[token]');
    const wrongPath = await browser.post(`/api/user/reset-password/${token}`, {
      newPassword: NEW_PASSWORD,
    });
    expect(wrongPath.statusCode).toBe(404);
    const reset = await browser.post('/api/user/reset-password', {
      token,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const login = await browser.login(email, NEW_PASSWORD);
    expect(login.statusCode, login.body).toBe(200);
    secrets.set('session cookie', browser.sid as string);
    secrets.set('CSRF token', await browser.csrfToken());

    const teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
    const appointmentId = await bookOk(
      browser,
      bookingRequest(teslaS, { phone: PHONE, pickupAddress: PICKUP, dropoffAddress: DROPOFF }),
    );
    secrets.set('pickup address', PICKUP).set('dropoff address', DROPOFF);
    const checkout = await browser.post('/api/user/create-checkout-session', { appointmentId });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const checkoutUrl = new URL(checkout.json<{ url: string }>().url);
    const sessionId = checkoutUrl.pathname.split('/').at(-1) as string;
    expect(sessionId).toMatch(/^cs_sandbox_/);
    secrets.set('checkout session id', sessionId);

    const checkoutPage = await browser.get(checkoutUrl.pathname);
    expect(checkoutPage.statusCode).toBe(200);
    const details = await browser.get(`/api/user/stripe-payment-details?session_id=${sessionId}`);
    expect(details.statusCode, details.body).toBe(200);
    expect(linesOf(details).map((line) => line.req?.url)).toContain(
      '/api/user/stripe-payment-details',
    );

    // Each request logged its arrival and its end under its own id.
    for (const response of [signup, wrong, forgot, reset, login, details]) {
      const messages = linesOf(response).map((line) => line.msg);
      expect(messages).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }

    // Every authentication step is a security event naming the user by id only.
    const [user] = await database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const eventOf = (response: LightMyRequestResponse) =>
      linesOf(response).find((line) => line.msg === 'security event');
    expect(eventOf(signup)).toMatchObject({ event: 'account.register', outcome: 'success' });
    expect(eventOf(wrong)).toMatchObject({
      event: 'auth.login',
      method: 'password',
      outcome: 'failure',
      statusCode: 401,
      level: 40,
    });
    expect(eventOf(wrong)?.userId).toBeUndefined();
    expect(eventOf(forgot)).toMatchObject({ event: 'auth.reset_requested', outcome: 'success' });
    expect(eventOf(reset)).toMatchObject({ event: 'auth.reset_completed', outcome: 'success' });
    expect(eventOf(login)).toMatchObject({
      event: 'auth.login',
      method: 'password',
      outcome: 'success',
      userId: user?.id,
    });
    // A signed-in request's later lines say whose it was.
    const completed = linesOf(details).find((line) => line.msg === 'request completed');
    expect(completed?.userId).toBe(user?.id);
    expectCleanLogs();
  });

  it('logs a confirmation link’s page and its POST without the token, as security events', async () => {
    const token = randomBytes(32).toString('base64url');
    secrets.set('confirmation token', token);
    const browser = new Browser(app);
    const page = await browser.get(`/verify-email/${token}`);
    expect(page.statusCode).toBe(200);
    expect(linesOf(page).map((line) => line.req?.url)).toContain('/verify-email/[token]');
    const wrongPath = await browser.post(`/api/user/verify-email/${token}`, {});
    expect(wrongPath.statusCode).toBe(404);
    const refused = await browser.post('/api/user/verify-email', { token });
    expect(refused.statusCode).toBe(400);
    expect(linesOf(refused).some((line) => line.event === 'account.email_verified')).toBe(true);
    expectCleanLogs();
  });

  it('logs a calendar feed’s read without its token', async () => {
    const token = randomBytes(32).toString('base64url');
    secrets.set('calendar feed token', token);
    const feed = await new Browser(app).get(`/api/calendar/${token}.ics`);
    expect(feed.statusCode).toBe(404);
    expect(linesOf(feed).map((line) => line.req?.url)).toContain('/api/calendar/[token]');
    expectCleanLogs();
  });

  it('logs a look at a live trip page without its token', async () => {
    const token = randomBytes(32).toString('base64url');
    secrets.set('trip token', token);
    for (const url of [`/api/trip/${token}`, `/trip/${token}`]) {
      const look = await new Browser(app).get(url);
      expect(
        linesOf(look).map((line) => line.req?.url),
        url,
      ).toContain(url.replace(token, '[token]'));
    }
    expectCleanLogs();
  });

  it('logs a payment refunded for coming too late by its appointment id, without the checkout or payment', async () => {
    const teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
    const slot = { slotDate: '4_12_2026', slotTime: '9:00 AM' };
    const { browser } = await signedInBrowser(app, database.handle.db, NOW);
    const appointmentId = await bookOk(browser, bookingRequest(teslaS, slot));
    const checkout = await browser.post('/api/user/create-checkout-session', { appointmentId });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const checkoutPath = new URL(checkout.json<{ url: string }>().url).pathname;
    secrets.set('late checkout session id', checkoutPath.split('/').at(-1) as string);
    // The hold ran out and the slot was booked by someone else before the payment.
    await database.handle.db
      .update(appointments)
      .set({ holdExpiresAt: new Date(NOW.getTime() - 60_000) })
      .where(eq(appointments.id, appointmentId));
    await bookOk(
      (await signedInBrowser(app, database.handle.db, NOW)).browser,
      bookingRequest(teslaS, slot),
    );

    const paid = await app.inject({
      method: 'POST',
      url: `${checkoutPath}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ann+Rider',
    });
    expect(paid.statusCode).toBe(303);
    const [refund] = await database.handle.db
      .select()
      .from(refunds)
      .where(eq(refunds.appointmentId, appointmentId));
    secrets.set('late payment intent', refund?.paymentIntentId as string);
    expect(linesOf(paid).find((line) => line.msg?.includes('refunding it'))).toMatchObject({
      level: 40,
      appointmentId,
      reason: 'late_payment',
    });
    expectCleanLogs();
  });

  it('logs refusals for want of a session, a CSRF token or patience as security events', async () => {
    const visitor = new Browser(app);
    const unsigned = await visitor.get('/api/user/appointments');
    expect(unsigned.statusCode).toBe(401);
    expect(linesOf(unsigned)).toContainEqual(
      expect.objectContaining({ event: 'access.denied', statusCode: 401, outcome: 'failure' }),
    );
    const forged = await visitor.post('/api/user/logout', {}, { csrf: 'forged-token' });
    expect(forged.statusCode).toBe(403);
    expect(linesOf(forged)).toContainEqual(
      expect.objectContaining({ event: 'auth.logout', statusCode: 403, outcome: 'failure' }),
    );
    expectCleanLogs();
  });

  it("keeps a caller's safe X-Request-Id, echoes it, and replaces an unsafe one", async () => {
    const traced = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a9c.4711' },
    });
    expect(traced.headers['x-request-id']).toBe('lb-7f3a9c.4711');
    expect(linesOf(traced).map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );

    const hostile = `${uniqueEmail('forged')}\n{"level":60}`;
    secrets.set('forged request id', hostile);
    const forged = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': encodeURIComponent(hostile) },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(linesOf(forged).length).toBeGreaterThan(0);

    const generated = await app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers['x-request-id']).not.toBe(forged.headers['x-request-id']);
    expectCleanLogs();
  });

  it('logs a failed reset email without the recipient', async () => {
    const bounce = uniqueEmail('bounce');
    // The account must exist for the email to be sent at all.
    const browser = new Browser(app);
    const signup = await browser.register({ email: bounce, password: PASSWORD });
    expect(signup.statusCode, signup.body).toBe(200);
    secrets.set('bouncing email', bounce);

    const forgot = await browser.post('/api/user/forgot-password', { email: bounce });
    expect(forgot.statusCode).toBe(200);
    await vi.waitFor(() =>
      expect(linesOf(forgot).some((line) => line.msg === 'reset email failed')).toBe(true),
    );
    const failure = linesOf(forgot).find((line) => line.msg === 'reset email failed');
    expect(failure?.level).toBe(50);
    expect(failure?.err?.message).toContain('all recipients were rejected');
    expect(failure?.err?.message).toContain('[email]');
    expectCleanLogs();
  });

  it("logs a database failure without the query's values", async () => {
    const browser = new Browser(app);
    const email = uniqueEmail('db.failure');
    secrets.set('email of the failed query', email);
    // The database breaks under a running app: every query on users.email now fails.
    await database.handle.db.execute(sql`alter table users rename column email to email_gone`);

    const login = await browser.login(email, WRONG_PASSWORD);
    expect(login.statusCode).toBe(500);
    const failure = linesOf(login).find((line) => line.msg === 'request failed');
    expect(failure?.level).toBe(50);
    expect(failure?.err?.message).toMatch(/Failed query/);
    expect(failure?.err?.message).toContain('params: [redacted]');
    expectCleanLogs();
  });
});
