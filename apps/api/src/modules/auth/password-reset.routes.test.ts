import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DbHandle } from '@app/db';
import { eq } from 'drizzle-orm';
import { passwordResets, users } from '@app/db';
import { MESSAGES } from '@app/shared';
import { buildApp } from '../../app.ts';
import { createMailer, type Mail, type Mailer } from '../../email/transport.ts';
import {
  Browser,
  PASSWORD,
  expectFailure,
  expectSuccess,
  uniqueEmail,
} from '../../test/browser.ts';
import { createClock, MINUTE, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import {
  parseMail,
  startSmtpServer,
  type ReceivedMail,
  type TestSmtpServer,
} from '../../test/smtp.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../lib/common-passwords.ts';
import { INVALID_LOGIN_MESSAGE } from './authenticate-user.ts';
import { INVALID_RESET_LINK_MESSAGE } from './reset-password.ts';
import { FORGOT_PASSWORD_MESSAGE } from './auth.routes.ts';

const PUBLIC_BASE_URL = 'https://rides.example.test';
const NEW_PASSWORD = 'Brand-new p4ss!';
const RESET_DONE = 'Your password has been reset. Please log in.';
const HOSTILE_HEADERS = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  origin: 'https://evil.example',
};

const silentLog = {
  info: () => {},
  error: () => {},
  warn: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

/** The parts of a reset email a test looks at. */
function readResetMail(mail: ReceivedMail) {
  const { headers, parts } = parseMail(mail.raw);
  const text = parts.find((p) => p.contentType === 'text/plain')?.body ?? '';
  const html = parts.find((p) => p.contentType === 'text/html')?.body ?? '';
  const textLink = /(\S+\/reset-password\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
  const htmlLink = /href="([^"]*\/reset-password\/[^"]*)"/.exec(html)?.[1];
  const token = textLink?.split('/reset-password/')[1];
  return { headers, parts, text, html, textLink, htmlLink, token };
}

describe.each(await databaseKinds())('password reset by email on %s', (kind) => {
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
    app = await buildApp({ config, db: database.handle, mailer, now: clock.now });
  });
  afterAll(async () => {
    await app.close();
    mailer.close();
    await smtp.close();
    await database.drop();
  });

  const forgot = (email: string, headers?: Record<string, string>) =>
    new Browser(app).post('/api/user/forgot-password', { email }, headers ? { headers } : {});
  const reset = (token: string, newPassword = NEW_PASSWORD) =>
    new Browser(app).post('/api/user/reset-password', { token, newPassword });

  /** Asks for a reset link and answers the token from the email that arrives. */
  const requestLink = async (email: string) => {
    expectSuccess(await forgot(email), FORGOT_PASSWORD_MESSAGE);
    const mail = readResetMail(await smtp.nextMail());
    if (!mail.token) throw new Error(`no reset link in:\n${mail.text}`);
    return mail.token;
  };

  it('emails a link built from the public base URL, in text and HTML, whatever the Host header', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ name: 'Rita Reset', email }));

    const response = await forgot(email.toUpperCase(), HOSTILE_HEADERS);
    expectSuccess(response, FORGOT_PASSWORD_MESSAGE);
    const received = await smtp.nextMail();
    expect(received.to).toEqual([email]);
    expect(received.from).toBe('support@norfolkrides.com');

    const mail = readResetMail(received);
    expect(mail.headers.get('subject')).toBe(`Reset your ${config.business.name} password`);
    expect(mail.headers.get('to')).toBe(email);
    expect(mail.headers.get('from')).toMatch(/^"?Norfolk Rides"? <support@norfolkrides\.com>$/);
    expect(mail.parts.map((p) => p.contentType).sort()).toEqual(['text/html', 'text/plain']);
    expect(mail.text).toContain('Hi Rita Reset,');
    expect(mail.html).toContain('Hi Rita Reset,');

    expect(mail.textLink).toMatch(
      new RegExp(`^${PUBLIC_BASE_URL}/reset-password/[A-Za-z0-9_-]{43}$`),
    );
    expect(mail.htmlLink).toBe(mail.textLink);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });

  it('completes the reset: the old password fails, the new one works', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await requestLink(email);

    expectSuccess(await reset(token), RESET_DONE);
    expectFailure(await new Browser(app).login(email, PASSWORD), 401, INVALID_LOGIN_MESSAGE);
    expectSuccess(await new Browser(app).login(email, NEW_PASSWORD));
    const [row] = await database.handle.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('ends every earlier session of the account', async () => {
    const laptop = new Browser(app);
    const email = await laptop.signUpAndIn(uniqueEmail('reset'));
    const phone = new Browser(app);
    expectSuccess(await phone.login(email));
    const token = await requestLink(email);

    expectSuccess(await reset(token), RESET_DONE);
    expect(await laptop.profile()).toBeNull();
    expect(await phone.profile()).toBeNull();
  });

  it('does not end other users’ sessions', async () => {
    const bystander = new Browser(app);
    const bystanderEmail = await bystander.signUpAndIn(uniqueEmail('bystander'));
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    expectSuccess(await reset(await requestLink(email)), RESET_DONE);
    expect(await bystander.profile()).toMatchObject({ email: bystanderEmail });
  });

  it('accepts a link once only', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await requestLink(email);
    expectSuccess(await reset(token), RESET_DONE);
    expectFailure(await reset(token, 'Another p4ss!'), 400, INVALID_RESET_LINK_MESSAGE);
    expectSuccess(await new Browser(app).login(email, NEW_PASSWORD));
  });

  it('lets only one of two concurrent uses of a link succeed', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await requestLink(email);
    const responses = await Promise.all([
      reset(token, 'First p4ss!!'),
      reset(token, 'Second p4ss!'),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a link older than one hour', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await requestLink(email);
    clock.advance(61 * MINUTE);
    expectFailure(await reset(token), 400, INVALID_RESET_LINK_MESSAGE);
    expectSuccess(await new Browser(app).login(email, PASSWORD));
  });

  it('still accepts a link within its hour', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await requestLink(email);
    clock.advance(59 * MINUTE);
    expectSuccess(await reset(token), RESET_DONE);
  });

  it('invalidates the first link when a second one is asked for', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const first = await requestLink(email);
    const second = await requestLink(email);
    expect(second).not.toBe(first);
    expectFailure(await reset(first), 400, INVALID_RESET_LINK_MESSAGE);
    expectSuccess(await reset(second), RESET_DONE);
  });

  it('stores only a hash of the reset token', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await requestLink(email);
    const rows = await database.handle.db.select().from(passwordResets);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('answers an unknown email with the same message, status and shape, and sends nothing', async () => {
    const known = uniqueEmail('known');
    expectSuccess(await new Browser(app).register({ email: known }));
    const before = smtp.received.length;

    const unknownResponse = await forgot(uniqueEmail('unknown'));
    const knownResponse = await forgot(known);
    expect(unknownResponse.statusCode).toBe(200);
    expect(knownResponse.statusCode).toBe(200);
    expect(unknownResponse.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    expect(unknownResponse.body).toBe(knownResponse.body);
    expect(unknownResponse.headers['content-type']).toBe(knownResponse.headers['content-type']);

    // The known address's email arrives; nothing was sent for the unknown one before it.
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([known]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.received.length).toBe(before + 1);
  });

  it('answers before the mail server has accepted the message (sending is not awaited)', async () => {
    const email = uniqueEmail('slowmail');
    expectSuccess(await new Browser(app).register({ email }));
    const before = smtp.received.length;
    smtp.hold();
    try {
      expectSuccess(await forgot(email), FORGOT_PASSWORD_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(smtp.received.length).toBe(before);
    } finally {
      smtp.release();
    }
    expect((await smtp.nextMail()).to).toEqual([email]);
  });

  it('checks the email format first: Please enter a valid email', async () => {
    for (const email of ['', 'plain', 'a@b', 'a b@example.com']) {
      expectFailure(await forgot(email), 400, MESSAGES.invalidEmail);
    }
    expectFailure(
      await new Browser(app).post('/api/user/forgot-password', {}),
      400,
      MESSAGES.invalidEmail,
    );
  });

  it('requires a strong new password', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await requestLink(email);
    for (const weak of ['short1!', 'longenoughbutweak', 'nodigits!!', '12345678!', 'abcd1234']) {
      expectFailure(await reset(token, weak), 400, MESSAGES.weakPassword);
    }
    // The refused attempts did not use the link up.
    expectSuccess(await reset(token), RESET_DONE);
  });

  it('refuses a common password that passes the strength rule, and keeps the link', async () => {
    const email = uniqueEmail('reset');
    expectSuccess(await new Browser(app).register({ email }));
    const token = await requestLink(email);
    // Each has a letter, a digit and a special character, and each is in the common list.
    for (const common of ['P@ssw0rd', 'Pa$$w0rd', '1qaz@WSX']) {
      expectFailure(await reset(token, common), 400, COMMON_PASSWORD_MESSAGE);
    }
    expectSuccess(await reset(token), RESET_DONE);
  });

  it('refuses a malformed or unknown token', async () => {
    for (const token of ['', 'short', 'a'.repeat(43), '../../etc/passwd', `${'b'.repeat(40)}%00`]) {
      expectFailure(await reset(token), 400, INVALID_RESET_LINK_MESSAGE);
    }
    expectFailure(
      await new Browser(app).post('/api/user/reset-password', { newPassword: NEW_PASSWORD }),
      400,
      INVALID_RESET_LINK_MESSAGE,
    );
  });

  it('answers the Google-only account too: the reset gives it a password', async () => {
    // An account without a password (Google sign-in) can still set one by email.
    const email = uniqueEmail('nopassword');
    await database.handle.db
      .insert(users)
      .values({ name: 'Gina', email, googleSub: `sub-${email}` });
    const token = await requestLink(email);
    expectSuccess(await reset(token), RESET_DONE);
    expectSuccess(await new Browser(app).login(email, NEW_PASSWORD));
  });
});

describe.each(await databaseKinds())('forgot-password timing on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let gate: Promise<void> = Promise.resolve();
  const sent: Mail[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    const config = testConfig({
      rateLimits: {
        ...testConfig().rateLimits,
        resetPerEmail: { max: 1000, windowMs: 60 * MINUTE },
        resetPerIp: { max: 1000, windowMs: 60 * MINUTE },
      },
    });
    // Transactions (issuing a reset token) wait for the gate, so a test can hold them back.
    const db = new Proxy(database.handle.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'transaction' || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          await gate;
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      },
    });
    app = await buildApp({
      config,
      db: { ...database.handle, db } as DbHandle,
      mailer: { send: async (mail) => void sent.push(mail), close: () => {} },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const waitFor = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(condition()).toBe(true);
  };

  it('answers before the reset token is even written (no database work to time)', async () => {
    const email = uniqueEmail('held');
    expectSuccess(await new Browser(app).register({ email }));
    let open: () => void = () => {};
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    try {
      const response = await new Browser(app).post('/api/user/forgot-password', { email });
      expectSuccess(response, FORGOT_PASSWORD_MESSAGE);
      const rows = await database.handle.db.select().from(passwordResets);
      expect(rows.filter((r) => r.createdAt.getTime() > Date.now() - MINUTE)).toEqual([]);
    } finally {
      open();
    }
    await waitFor(() => sent.some((mail) => mail.to === email));
  });

  it('takes about as long for an unknown email as for a known one (loosely, medians)', async () => {
    const email = uniqueEmail('timed');
    expectSuccess(await new Browser(app).register({ email }));
    const browser = new Browser(app);
    await browser.csrfToken();
    const time = async (address: string) => {
      const start = performance.now();
      expectSuccess(await browser.post('/api/user/forgot-password', { email: address }));
      const elapsed = performance.now() - start;
      // Let the work done after the answer finish, so it is not counted in the next request.
      await new Promise((resolve) => setTimeout(resolve, 30));
      return elapsed;
    };
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
    const known: number[] = [];
    const unknown: number[] = [];
    await time(uniqueEmail('warmup'));
    // Interleaved, so a busy machine slows both alike. Only a gross gap fails here.
    for (let i = 0; i < 15; i += 1) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail('nobody')));
    }
    expect(median(known)).toBeLessThan(5 * median(unknown) + 2);
    expect(median(unknown)).toBeLessThan(5 * median(known) + 2);
  });
});
