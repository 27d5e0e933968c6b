import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { emailVerifications, outboxMessages, sessions, users } from '@app/db';
import {
  EMAIL_VERIFIED_MESSAGE,
  INVALID_VERIFY_LINK_MESSAGE,
  VERIFY_EMAIL_SENT_MESSAGE,
  googleNonce,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { createMailer, type Mailer } from '../../email/transport.ts';
import {
  Browser,
  PASSWORD,
  expectFailure,
  expectSuccess,
  uniqueEmail,
} from '../../test/browser.ts';
import { createClock, DAY, HOUR, MINUTE, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { createFakeGoogle, type FakeGoogle } from '../../test/google.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { deliverDueMessages } from '../notifications/deliver-messages.ts';

const PUBLIC_BASE_URL = 'https://rides.example.test';
const NEW_PASSWORD = 'Brand-new p4ss!';

const silentLog = {
  info: () => {},
  error: () => {},
  warn: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

const google: FakeGoogle = await createFakeGoogle();

describe.each(await databaseKinds())('confirming an email address on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let clock: TestClock;
  const config = testConfig({
    publicBaseUrl: PUBLIC_BASE_URL,
    rateLimits: {
      ...testConfig().rateLimits,
      resetPerEmail: { max: 100, windowMs: 60 * MINUTE },
      resetPerIp: { max: 100, windowMs: 15 * MINUTE },
    },
  });

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    smtp = await startSmtpServer();
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: config.mail.from,
      dir: '/nonexistent-mail-dir',
      log: silentLog,
    });
    clock = createClock();
    app = await buildApp({
      config,
      db: database.handle,
      mailer,
      now: clock.now,
      googleVerifier: google.verifier,
    });
  });
  afterAll(async () => {
    await app.close();
    mailer.close();
    await smtp.close();
    await database.drop();
  });

  const db = () => database.handle.db;
  /** One run of the outbox's delivery job, at the test's time. */
  const deliver = () =>
    deliverDueMessages(
      db(),
      { mailer, sms: { name: 'sandbox', send: () => Promise.reject(new Error('no texts here')) } },
      {
        email: { business: config.business, publicBaseUrl: PUBLIC_BASE_URL },
        now: clock.now(),
        log: silentLog,
      },
    );
  const account = async (email: string) => {
    const [row] = await db().select().from(users).where(eq(users.email, email));
    return row;
  };
  const pendingConfirmations = async (email: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.template, 'verify_email')));
  /** Delivers the outbox and answers the token of the confirmation email that arrives. */
  const confirmationToken = async (email: string) => {
    expect(await deliver()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    const received = await smtp.nextMail();
    expect(received.to).toEqual([email]);
    const { headers, parts } = parseMail(received.raw);
    expect(headers.get('subject')).toBe(`Confirm your email address for ${config.business.name}`);
    const text = parts.find((p) => p.contentType === 'text/plain')?.body ?? '';
    const html = parts.find((p) => p.contentType === 'text/html')?.body ?? '';
    const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(token, text).toBeDefined();
    expect(html).toContain(`href="${PUBLIC_BASE_URL}/verify-email/${token}"`);
    return token as string;
  };
  const confirm = (token: string) => new Browser(app).post('/api/user/verify-email', { token });
  const resend = (email: string) =>
    new Browser(app).post('/api/user/verify-email/resend', { email });

  it('emails a link at signup through the outbox, keeping no token in its row, and confirms by POST', async () => {
    const email = uniqueEmail('verify');
    expectSuccess(await new Browser(app).register({ name: 'Vera Verify', email }));
    expect((await account(email))?.emailVerifiedAt).toBeNull();
    const [row] = await pendingConfirmations(email);
    expect(row).toMatchObject({ audience: 'account', channel: 'email', payload: {} });

    const token = await confirmationToken(email);
    expect(JSON.stringify(await pendingConfirmations(email))).not.toContain(token);
    // Only the hash is kept.
    const stored = await db()
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, email));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toBe(token);
    expect(stored[0]?.expiresAt.getTime()).toBe(clock.now().getTime() + DAY);

    expectSuccess(await confirm(token), EMAIL_VERIFIED_MESSAGE);
    expect((await account(email))?.emailVerifiedAt).toEqual(clock.now());
  });

  it('takes a link once, never after its day, and never an unknown one', async () => {
    const email = uniqueEmail('once');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await confirmationToken(email);
    expectSuccess(await confirm(token));
    expectFailure(await confirm(token), 400, INVALID_VERIFY_LINK_MESSAGE);

    const late = uniqueEmail('late');
    expectSuccess(await new Browser(app).register({ email: late }));
    const lateToken = await confirmationToken(late);
    clock.advance(DAY);
    expectFailure(await confirm(lateToken), 400, INVALID_VERIFY_LINK_MESSAGE);
    expect((await account(late))?.emailVerifiedAt).toBeNull();

    expectFailure(await confirm('A'.repeat(43)), 400, INVALID_VERIFY_LINK_MESSAGE);
    expectFailure(await confirm('not a token'), 400, INVALID_VERIFY_LINK_MESSAGE);
    expectFailure(
      await new Browser(app).post('/api/user/verify-email', {}),
      400,
      INVALID_VERIFY_LINK_MESSAGE,
    );
  });

  it('answers a resend the same whatever the address, and writes an email only for one waiting', async () => {
    const waiting = uniqueEmail('waiting');
    expectSuccess(await new Browser(app).register({ email: waiting }));
    await confirmationToken(waiting);
    const confirmed = uniqueEmail('confirmed');
    expectSuccess(await new Browser(app).register({ email: confirmed }));
    expectSuccess(await confirm(await confirmationToken(confirmed)));
    const unknown = uniqueEmail('nobody');

    const answers = [];
    for (const email of [unknown, confirmed, waiting.toUpperCase()]) {
      const response = await resend(email);
      answers.push({ status: response.statusCode, body: response.json() as unknown });
    }
    expect(answers).toEqual(
      Array(3).fill({ status: 200, body: { success: true, message: VERIFY_EMAIL_SENT_MESSAGE } }),
    );
    expect(await pendingConfirmations(unknown)).toHaveLength(0);
    expect(await pendingConfirmations(confirmed)).toHaveLength(1);
    expect(await pendingConfirmations(waiting)).toHaveLength(2);
    // The new link works; the first one still does until its day is over.
    expectSuccess(await confirm(await confirmationToken(waiting)));
    expect((await account(waiting))?.emailVerifiedAt).not.toBeNull();
  });

  it('does not send a confirmation already made: one still waiting is skipped', async () => {
    const email = uniqueEmail('twice');
    expectSuccess(await new Browser(app).register({ email }));
    const first = await confirmationToken(email);
    expectSuccess(await resend(email));
    expectSuccess(await confirm(first));
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    const [skipped] = (await pendingConfirmations(email)).filter((r) => r.lastError);
    expect(skipped).toMatchObject({
      status: 'sent',
      lastError: 'not sent: address already confirmed',
    });
  });

  it('counts Google as proof only with email_verified, and a Google proof ends a squatter’s password', async () => {
    const email = uniqueEmail('squat');
    const squatter = new Browser(app);
    await squatter.signUpAndIn(email, PASSWORD);

    const owner = new Browser(app);
    const nonce = await googleNonce(await owner.csrfToken());
    const sub = `sub-${email}`;
    const unproved = await owner.post('/api/auth/google', {
      token: await google.token({ sub, email, email_verified: false, nonce }),
    });
    expect(unproved.statusCode).toBe(401);
    expect(await account(email)).toMatchObject({ emailVerifiedAt: null, googleSub: null });
    expect(await squatter.profile()).toMatchObject({ email });

    expectSuccess(
      await owner.post('/api/auth/google', {
        token: await google.token({ sub, email, email_verified: true, nonce }),
      }),
    );
    const linked = await account(email);
    expect(linked).toMatchObject({ googleSub: sub, passwordHash: null });
    expect(linked?.emailVerifiedAt).not.toBeNull();
    expect(await squatter.profile()).toBeNull();
    expect((await new Browser(app).login(email, PASSWORD)).statusCode).toBe(401);
    expect(await owner.profile()).toMatchObject({ email });
  });

  it('confirms the address with a reset from the emailed link, ending the registrant’s sign-ins', async () => {
    const email = uniqueEmail('reclaim');
    const squatter = new Browser(app);
    await squatter.signUpAndIn(email, PASSWORD);
    await deliver();
    await smtp.nextMail();

    expectSuccess(await new Browser(app).post('/api/user/forgot-password', { email }));
    const text = parseMail((await smtp.nextMail()).raw).parts[0]?.body ?? '';
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1] as string;
    expectSuccess(
      await new Browser(app).post('/api/user/reset-password', {
        token,
        newPassword: NEW_PASSWORD,
      }),
    );
    expect((await account(email))?.emailVerifiedAt).toEqual(clock.now());
    expect(await squatter.profile()).toBeNull();
    const userId = (await account(email))?.id as string;
    expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expectSuccess(await new Browser(app).login(email, NEW_PASSWORD));
    clock.advance(HOUR);
  });
});
