import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import {
  appointments,
  auditEvents,
  outboxMessages,
  pushSubscriptions,
  services,
  sessions,
  totpFactors,
  users,
} from '@app/db';
import {
  ChauffeursResponseSchema,
  MESSAGES,
  type AddChauffeurRequest,
  type AuditAction,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { createMailer, type Mailer } from '../../email/transport.ts';
import { CSRF_FAILED_MESSAGE } from '../../plugins/csrf.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { createMemoryStore } from '../../plugins/rate-limit.ts';
import { signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure, PASSWORD, uniqueEmail } from '../../test/browser.ts';
import { createClock, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment } from '../../test/fixtures.ts';
import { signedInOwner, type SignedInOwner } from '../../test/owners.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { deliverDueMessages } from '../notifications/deliver-messages.ts';
import { OWNER_NOT_CHAUFFEUR_MESSAGE, UNVERIFIED_CHAUFFEUR_MESSAGE } from './add-chauffeur.ts';
import { NO_SUCH_CHAUFFEUR_MESSAGE } from './remove-chauffeur.ts';

const PUBLIC_BASE_URL = 'https://rides.example.test';
const START = new Date('2026-11-22T15:07:10Z');
const silentLog = {
  info: () => {},
  error: () => {},
  warn: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger;

describe.each(await databaseKinds())('the owner’s chauffeurs on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let clock: TestClock;
  let owner: SignedInOwner;
  const config = testConfig({ publicBaseUrl: PUBLIC_BASE_URL });
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    smtp = await startSmtpServer();
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: config.mail.from,
      dir: '/nonexistent-mail-dir',
      log: silentLog,
    });
    clock = createClock(START);
    app = await buildApp({
      config,
      db: database.handle,
      mailer,
      now: clock.now,
      rateLimitStore: createMemoryStore(clock.millis),
    });
    owner = await signedInOwner(app, db(), clock.now());
  });
  afterAll(async () => {
    await app?.close();
    mailer?.close();
    await smtp?.close();
    await database?.drop();
  });

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
  const form = (input: Partial<AddChauffeurRequest> = {}): AddChauffeurRequest => ({
    name: 'Dana Driver',
    email: uniqueEmail('driver'),
    phone: '781-555-0123',
    ...input,
  });
  const add = (input: AddChauffeurRequest, browser = owner.browser) =>
    browser.post('/api/admin/chauffeurs', input);
  const accountOf = async (email: string) =>
    (await db().select().from(users).where(eq(users.email, email)))[0];
  const auditOf = (action: AuditAction, email: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action)))
      .orderBy(desc(auditEvents.at))
      .then((rows) => rows.filter((r) => (r.after as { email?: string })?.email === email));

  it('adds a new chauffeur: the invitation email sets the password, then sign-in asks for a second factor', async () => {
    const input = form({ name: '  Dana Driver ', email: uniqueEmail('Dana').toUpperCase() });
    const email = input.email.toLowerCase();
    const response = await add(input);
    expect(response.statusCode, response.body).toBe(200);
    const body = ChauffeursResponseSchema.parse(response.json());
    expect(body.message).toContain(email);
    const listed = body.chauffeurs.find((c) => c.email === email);
    expect(listed).toMatchObject({ name: 'Dana Driver', phone: '781-555-0123', ready: false });
    expect(listed?.addedAt).toBe(START.toISOString());

    const account = await accountOf(email);
    expect(account).toMatchObject({ role: 'chauffeur', passwordHash: null, name: 'Dana Driver' });
    const [row] = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.recipient, email), eq(outboxMessages.template, 'chauffeur_invite')),
      );
    expect(row).toMatchObject({ channel: 'email', audience: 'account', userId: account?.id });
    // The row holds no link: it is made when the email is sent.
    expect(JSON.stringify(row)).not.toMatch(/reset-password/);
    const [added] = await auditOf('chauffeur.added', email);
    expect(added).toMatchObject({
      actorUserId: owner.userId,
      actorLabel: owner.email,
      before: null,
      after: { id: account?.id, email, role: 'chauffeur' },
    });

    await deliver();
    const mail = await smtp.nextMail();
    expect(mail.to).toEqual([email]);
    const { headers, parts } = parseMail(mail.raw);
    expect(headers.get('subject')).toContain(config.business.name);
    const text = parts.find((p) => p.contentType === 'text/plain')?.body ?? '';
    const html = parts.find((p) => p.contentType === 'text/html')?.body ?? '';
    expect(text).toContain(`${config.business.name} has added you as a chauffeur`);
    expect(text).toMatch(/24 hours/);
    expect(text).toMatch(/authenticator app/);
    expect(text).toContain(`${PUBLIC_BASE_URL}/drive`);
    const link = /(\S+\/reset-password\/[A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    expect(link.startsWith(`${PUBLIC_BASE_URL}/reset-password/`)).toBe(true);
    expect(html).toContain(link);
    const token = link.split('/reset-password/')[1];

    const chauffeur = new Browser(app);
    const reset = await chauffeur.post('/api/user/reset-password', {
      token,
      newPassword: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await chauffeur.login(email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await chauffeur.get('/api/admin/session')).json()).toMatchObject({ mfa: 'enrol' });
    // A chauffeur is no owner.
    expect((await chauffeur.get('/api/admin/chauffeurs')).statusCode).toBe(403);
  });

  it('promotes a verified customer: its password and sessions no longer work', async () => {
    const customer = new Browser(app);
    const email = await customer.signUpAndIn();
    await db().update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.email, email));
    const response = await add(form({ email, name: 'Carl Customer' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await accountOf(email)).toMatchObject({ role: 'chauffeur', passwordHash: null });
    expect(await customer.profile()).toBeNull();
    expectFailure(await new Browser(app).login(email), 401);
    const [added] = await auditOf('chauffeur.added', email);
    expect(added?.before).toEqual({ email, role: 'customer' });
    expect(added?.after).toMatchObject({ email, role: 'chauffeur', sessionsEnded: 1 });
  });

  it('refuses an unverified account, an owner and bad input, each with its message', async () => {
    const { email: unverified } = await signedInBrowser(app, db(), clock.now());
    expectFailure(await add(form({ email: unverified })), 409, UNVERIFIED_CHAUFFEUR_MESSAGE);
    expect((await accountOf(unverified))?.role).toBe('customer');
    expectFailure(await add(form({ email: owner.email })), 409, OWNER_NOT_CHAUFFEUR_MESSAGE);
    expectFailure(await add(form({ name: ' ' })), 400, MESSAGES.allFieldsRequired);
    expectFailure(await add(form({ email: 'not-an-email' })), 400, MESSAGES.invalidEmail);
    expectFailure(await add(form({ phone: 'call me' })), 400, MESSAGES.invalidPhone);
    expectFailure(
      await owner.browser.post('/api/admin/chauffeurs', { name: 'X' }),
      400,
      MESSAGES.allFieldsRequired,
    );
  });

  it('answers 401 to a visitor, 403 to a customer and a chauffeur, and refuses a change without CSRF', async () => {
    const input = form();
    const visitor = new Browser(app);
    expectFailure(await visitor.get('/api/admin/chauffeurs'), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(await add(input, visitor), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db(), clock.now());
    const { browser: chauffeur } = await signedInOwner(app, db(), clock.now(), {
      role: 'chauffeur',
    });
    for (const browser of [customer, chauffeur]) {
      expectFailure(await browser.get('/api/admin/chauffeurs'), 403, OWNER_ONLY_MESSAGE);
      expectFailure(await add(input, browser), 403, OWNER_ONLY_MESSAGE);
      for (const action of ['remove', 'sign-out']) {
        expectFailure(
          await browser.request(
            { method: 'POST', url: `/api/admin/chauffeurs/${owner.userId}/${action}` },
            { csrf: true },
          ),
          403,
          OWNER_ONLY_MESSAGE,
        );
      }
    }
    expectFailure(
      await owner.browser.post('/api/admin/chauffeurs', input, { csrf: false }),
      403,
      CSRF_FAILED_MESSAGE,
    );
    expect(await accountOf(input.email)).toBeUndefined();
  });

  it('removes a chauffeur: sessions end, coming rides lose them, past ones keep them', async () => {
    const driver = await signedInOwner(app, db(), clock.now(), { role: 'chauffeur' });
    const remove = (id: string, csrf = true) =>
      owner.browser.request(
        { method: 'POST', url: `/api/admin/chauffeurs/${id}/remove` },
        { csrf },
      );
    const { userId: riderId } = await signedInBrowser(app, db(), clock.now());
    const [firstCar] = await db().select({ id: services.id }).from(services).limit(1);
    const serviceId = (firstCar as { id: string }).id;
    const ride = (slotDate: string) =>
      insertAppointment(db(), {
        userId: riderId,
        serviceId,
        slotDate,
        slotTime: '10:00 AM',
        status: 'paid',
      });
    const past = await ride('20_11_2026');
    const coming = await ride('25_11_2026');
    await db()
      .update(appointments)
      .set({ chauffeurId: driver.userId })
      .where(eq(appointments.userId, riderId));
    await db()
      .update(services)
      .set({ defaultChauffeurId: driver.userId })
      .where(eq(services.id, serviceId));

    expectFailure(await remove(driver.userId, false), 403, CSRF_FAILED_MESSAGE);
    expectFailure(await remove(owner.userId), 404, NO_SUCH_CHAUFFEUR_MESSAGE);
    expectFailure(await remove('not-an-id'), 404, NO_SUCH_CHAUFFEUR_MESSAGE);
    expectFailure(
      await remove('00000000-0000-4000-8000-000000000000'),
      404,
      NO_SUCH_CHAUFFEUR_MESSAGE,
    );

    const response = await remove(driver.userId);
    expect(response.statusCode, response.body).toBe(200);
    const body = ChauffeursResponseSchema.parse(response.json());
    expect(body.message).toMatch(/1 coming ride has no chauffeur now/);
    expect(body.chauffeurs.map((c) => c.id)).not.toContain(driver.userId);
    expect((await accountOf(driver.email))?.role).toBe('customer');
    expect(await db().select().from(sessions).where(eq(sessions.userId, driver.userId))).toEqual(
      [],
    );
    expect(
      await db().select().from(totpFactors).where(eq(totpFactors.userId, driver.userId)),
    ).toEqual([]);
    expectFailure(await driver.browser.get('/api/admin/session'), 401);
    const chauffeurOf = async (id: string) =>
      (await db().select().from(appointments).where(eq(appointments.id, id)))[0]?.chauffeurId;
    expect(await chauffeurOf(coming)).toBeNull();
    expect(await chauffeurOf(past)).toBe(driver.userId);
    const [car] = await db().select().from(services).where(eq(services.id, serviceId));
    expect(car?.defaultChauffeurId).toBeNull();
    const [removed] = await auditOf('chauffeur.removed', driver.email);
    expect(removed).toMatchObject({
      actorUserId: owner.userId,
      before: { email: driver.email, role: 'chauffeur' },
      after: { email: driver.email, role: 'customer', ridesUnassigned: 1 },
    });
    // Removed: a second time finds no chauffeur.
    expectFailure(await remove(driver.userId), 404, NO_SUCH_CHAUFFEUR_MESSAGE);
  });

  it('signs a chauffeur out everywhere: sessions, phones’ notifications and calendar link end', async () => {
    const driver = await signedInOwner(app, db(), clock.now(), { role: 'chauffeur' });
    const signOut = (id: string, csrf = true) =>
      owner.browser.request(
        { method: 'POST', url: `/api/admin/chauffeurs/${id}/sign-out` },
        { csrf },
      );
    const made = await driver.browser.post('/api/staff/calendar-feed', {});
    expect(made.statusCode, made.body).toBe(200);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, driver.userId));
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: driver.userId,
        sessionId: (session as { id: string }).id,
        endpoint: `https://push.example.test/${driver.userId}`,
        p256dh: 'B'.padEnd(87, 'A'),
        auth: 'A'.repeat(22),
        createdAt: clock.now(),
      });
    const listed = ChauffeursResponseSchema.parse(
      (await owner.browser.get('/api/admin/chauffeurs')).json(),
    ).chauffeurs.find((c) => c.id === driver.userId);
    expect(listed).toMatchObject({ sessions: 1, calendarLink: true });

    expectFailure(await signOut(driver.userId, false), 403, CSRF_FAILED_MESSAGE);
    expectFailure(await signOut(owner.userId), 404, NO_SUCH_CHAUFFEUR_MESSAGE);
    expectFailure(await signOut('not-an-id'), 404, NO_SUCH_CHAUFFEUR_MESSAGE);

    const response = await signOut(driver.userId);
    expect(response.statusCode, response.body).toBe(200);
    const body = ChauffeursResponseSchema.parse(response.json());
    expect(body.message).toBe(
      'Dana Driver is signed out everywhere: 1 session ended and the calendar link stopped.',
    );
    expect(body.chauffeurs.find((c) => c.id === driver.userId)).toMatchObject({
      sessions: 0,
      calendarLink: false,
    });
    expectFailure(await driver.browser.get('/api/admin/session'), 401);
    expect(
      await db()
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, driver.userId)),
    ).toEqual([]);
    expect((await accountOf(driver.email))?.role).toBe('chauffeur');
    const [audited] = await auditOf('chauffeur.signed_out', driver.email);
    expect(audited).toMatchObject({
      actorUserId: owner.userId,
      after: { email: driver.email, sessionsEnded: 1, calendarStopped: true },
    });
    // Nothing left to end: said so, and still audited.
    const again = ChauffeursResponseSchema.parse((await signOut(driver.userId)).json());
    expect(again.message).toBe('Dana Driver is signed out everywhere: 0 sessions ended.');
  });

  it('sends no invitation to one removed before it went out', async () => {
    await deliver(); // the earlier tests' invitations
    const input = form();
    const added = ChauffeursResponseSchema.parse((await add(input)).json());
    const id = added.chauffeurs.find((c) => c.email === input.email)?.id as string;
    const removed = await owner.browser.request(
      { method: 'POST', url: `/api/admin/chauffeurs/${id}/remove` },
      { csrf: true },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const before = smtp.received.length;
    await deliver();
    expect(smtp.received.length).toBe(before);
  });
});
