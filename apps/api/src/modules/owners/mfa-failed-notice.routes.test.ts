import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { outboxMessages } from '@app/db';
import { formatNewYorkTime } from '@app/shared';
import { buildApp } from '../../app.ts';
import { createMailer, type Mailer } from '../../email/transport.ts';
import { createMemoryStore } from '../../plugins/rate-limit.ts';
import { createClock, MINUTE, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner, wrongTotpCode } from '../../test/owners.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { deliverDueMessages } from '../notifications/deliver-messages.ts';

const PUBLIC_BASE_URL = 'https://rides.example.test';
const silentLog = {
  info: () => {},
  error: () => {},
  warn: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

describe.each(await databaseKinds())('the wrong-codes email to a staff account on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let clock: TestClock;
  const config = testConfig({ publicBaseUrl: PUBLIC_BASE_URL });

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
      rateLimitStore: createMemoryStore(clock.millis),
    });
  });
  afterAll(async () => {
    await app.close();
    mailer.close();
    await smtp.close();
    await database.drop();
  });

  const deliver = () =>
    deliverDueMessages(
      database.handle.db,
      { mailer, sms: { name: 'sandbox', send: () => Promise.reject(new Error('no texts here')) } },
      {
        email: { business: config.business, publicBaseUrl: PUBLIC_BASE_URL },
        now: clock.now(),
        log: silentLog,
      },
    );
  const noticesTo = (email: string) =>
    database.handle.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.template, 'mfa_failed')));

  it('emails the account once per 15 minutes however many wrong codes, through the outbox', async () => {
    const owner = await signedInOwner(app, database.handle.db, clock.now(), { mfa: false });
    const secret = owner.secret as string;
    const wrong = async () =>
      expect(
        (
          await owner.browser.post('/api/admin/mfa/verify', {
            code: wrongTotpCode(secret, clock.now()),
          })
        ).statusCode,
      ).toBe(400);

    // An attacker with the password tries three codes.
    for (let i = 0; i < 3; i++) await wrong();
    expect(await noticesTo(owner.email)).toHaveLength(1);
    expect(await deliver()).toMatchObject({ sent: 1 });
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([owner.email]);
    const { headers, parts } = parseMail(mail.raw);
    expect(headers.get('subject')).toBe(
      `A wrong sign-in code was entered for your ${config.business.name} account`,
    );
    expect(parts[0]?.body).toContain('someone knows your password');
    expect(parts[0]?.body).toContain(`On ${formatNewYorkTime(clock.now())} (New York time)`);
    expect(parts[0]?.body).not.toMatch(/\b\d{6}\b/);

    // Within the quarter hour: nothing more. After it: one more.
    clock.advance(14 * MINUTE);
    await wrong();
    expect(await noticesTo(owner.email)).toHaveLength(1);
    clock.advance(MINUTE);
    await wrong();
    expect(await noticesTo(owner.email)).toHaveLength(2);
  });

  it('writes nothing for a wrong code while setting up a first authenticator', async () => {
    const owner = await signedInOwner(app, database.handle.db, clock.now(), {
      enrolled: false,
      mfa: false,
    });
    expect((await owner.browser.post('/api/admin/mfa/enrol')).statusCode).toBe(200);
    expect(
      (await owner.browser.post('/api/admin/mfa/confirm', { code: '000000' })).statusCode,
    ).toBe(400);
    expect(await noticesTo(owner.email)).toEqual([]);
  });
});
