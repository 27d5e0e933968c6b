import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  appointments,
  outboxMessages,
  pushSubscriptions,
  services,
  sessions,
  type Database,
} from '@app/db';
import { DEFAULT_BUSINESS, PushKeyResponseSchema, type PushPayload } from '@app/shared';
import { buildApp } from '../../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../../errors.ts';
import { CSRF_FAILED_MESSAGE } from '../../../plugins/csrf.ts';
import { createSession, deleteExpiredSessions, OWNER_SESSION_POLICY } from '../../auth/sessions.ts';
import {
  appointmentRow,
  bookingRequest,
  bookOk,
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
} from '../../../test/booking.ts';
import { Browser, expectFailure } from '../../../test/browser.ts';
import { createClock } from '../../../test/clock.ts';
import { testConfig } from '../../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../../test/databases.ts';
import { signedInOwner } from '../../../test/owners.ts';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
  type StandInBrowser,
} from '../../../test/push-service-stand-in.ts';
import {
  DELIVERY_DEFAULTS,
  deliverDueMessages,
  type MessageChannels,
} from '../deliver-messages.ts';
import { nudgeLateChauffeurs } from '../nudge-late-chauffeurs.ts';
import { createSandboxSmsSender } from '../sms/sms-sender.ts';
import { createWebPushSender, type PushSender } from './push-sender.ts';
import { mayPushTo } from './push-subscriptions.ts';
import { vapidKeysFor } from './vapid-keys.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const BASE = 'https://rides.example.com';
const SUBSCRIPTIONS = '/api/staff/push/subscriptions';

/**
 * Notifications on the staff's phones (issue 30): subscribing and unsubscribing through the API,
 * and each event's push delivered by the outbox through the real `web-push` library to a local
 * push service, decrypted there with the browser's own keys. Both databases.
 */
describe.each(await databaseKinds())('web push to staff on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let pushService: PushServiceStandIn;
  let sender: PushSender;
  let car: string;
  const clock = createClock(NOW);
  let nextDay = 0;
  /** A day of its own in December 2026 for each test's rides. */
  const freshDay = () => `${1 + nextDay++}_12_2026`;
  let browsers = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    pushService = await startPushServiceStandIn();
    const config = testConfig();
    sender = createWebPushSender({
      keys: vapidKeysFor(config),
      subject: config.push.subject,
      agent: pushService.agent,
    });
    app = await buildApp({ config, db: database.handle, now: clock.now, push: sender });
    car = await serviceIdByName(db, 'Tesla Model S');
  });
  afterAll(async () => {
    await app?.close();
    await pushService?.close();
    await database?.drop();
  });

  let channels = (): MessageChannels => ({
    mailer: { send: async () => {}, close: () => {} },
    sms: createSandboxSmsSender('/nonexistent'),
    push: sender,
  });
  /** Runs the delivery job until nothing due is left. */
  const deliver = async (settings = DELIVERY_DEFAULTS, now = NOW) => {
    for (;;) {
      const run = await deliverDueMessages(db, channels(), {
        email: { business: DEFAULT_BUSINESS, publicBaseUrl: BASE },
        now,
        log: { warn: () => {} },
        settings,
      });
      if (run.sent + run.retrying + run.failed === 0) return;
    }
  };
  const unsubscribe = (as: Browser, endpoint: string, csrf = true) =>
    as.post(`${SUBSCRIPTIONS}/remove`, { endpoint }, { csrf });
  /** A customer's paid ride of the Tesla on a day of its own. */
  const paidRide = async (name = 'Nell Rider Smith') => {
    const { browser } = await signedInBrowser(app, db, NOW, name);
    const id = await bookOk(
      browser,
      bookingRequest(car, { slotDate: freshDay(), slotTime: '9:00 AM' }),
    );
    await payThroughSandbox(app, browser, id);
    return id;
  };
  const subscriptionsOf = (userId: string) =>
    db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const sessionsOf = (userId: string) =>
    db.select().from(sessions).where(eq(sessions.userId, userId));

  /** Subscribes `phone` as `as` and answers the subscriptions stored for it. */
  const subscribePhone = async (as: Browser, phone: StandInBrowser) => {
    const response = await as.post(SUBSCRIPTIONS, phone.subscription);
    expect(response.statusCode, response.body).toBe(200);
    return db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint));
  };

  /** A new browser of the stand-in, subscribed by `as`. */
  const subscribe = async (as: Browser): Promise<StandInBrowser> => {
    const phone = pushService.browser(`phone-${browsers++}`);
    await subscribePhone(as, phone);
    return phone;
  };

  it('is for staff only: a visitor 401, a customer 403, no change without the CSRF token', async () => {
    const phone = pushService.browser('auth');
    const visitor = new Browser(app);
    expectFailure(await visitor.get('/api/staff/push'), 401, NOT_SIGNED_IN_MESSAGE);
    expectFailure(
      await visitor.post(SUBSCRIPTIONS, phone.subscription),
      401,
      NOT_SIGNED_IN_MESSAGE,
    );
    const { browser: customer, userId } = await signedInBrowser(app, db, NOW);
    expect((await customer.get('/api/staff/push')).statusCode).toBe(403);
    expect((await customer.post(SUBSCRIPTIONS, phone.subscription)).statusCode).toBe(403);
    expect((await unsubscribe(customer, phone.subscription.endpoint)).statusCode).toBe(403);
    expect(await subscriptionsOf(userId)).toEqual([]);

    const { browser: owner, userId: ownerId } = await signedInOwner(app, db, NOW);
    const forged = await owner.post(SUBSCRIPTIONS, phone.subscription, { csrf: false });
    expectFailure(forged, 403, CSRF_FAILED_MESSAGE);
    expect(await subscriptionsOf(ownerId)).toEqual([]);
    const subscribed = await subscribePhone(owner, phone);
    expect(subscribed).toHaveLength(1);
    expectFailure(
      await unsubscribe(owner, phone.subscription.endpoint, false),
      403,
      CSRF_FAILED_MESSAGE,
    );
    expect(await subscriptionsOf(ownerId)).toHaveLength(1);
  });

  it('gives the public key, takes a subscription once, and forgets it on unsubscribe', async () => {
    const { browser: chauffeur, userId } = await signedInOwner(app, db, NOW, { role: 'chauffeur' });
    const key = PushKeyResponseSchema.parse((await chauffeur.get('/api/staff/push')).json());
    expect(key.publicKey).toBe(sender.publicKey);
    const phone = pushService.browser('subscribe-twice');
    await subscribePhone(chauffeur, phone);
    // The same browser again (new keys, say): still one row.
    expect(await subscribePhone(chauffeur, phone)).toHaveLength(1);
    expect(await subscriptionsOf(userId)).toMatchObject([
      { endpoint: phone.subscription.endpoint, p256dh: phone.subscription.keys.p256dh },
    ]);
    const off = await unsubscribe(chauffeur, phone.subscription.endpoint);
    expect(off.json()).toMatchObject({ message: 'Notifications are off for this browser.' });
    expect(await subscriptionsOf(userId)).toEqual([]);
    const again = await unsubscribe(chauffeur, phone.subscription.endpoint);
    expect(again.json()).toMatchObject({
      message: 'Notifications were already off for this browser.',
    });
  });

  it('refuses a subscription that is not https or whose keys are not a browser’s', async () => {
    const { browser: owner } = await signedInOwner(app, db, NOW);
    const { subscription } = pushService.browser('bad');
    const refused = async (body: Record<string, unknown>) =>
      expect((await owner.post(SUBSCRIPTIONS, body)).statusCode).toBe(400);
    await refused({ ...subscription, endpoint: subscription.endpoint.replace('https:', 'http:') });
    await refused({ ...subscription, endpoint: 'javascript:alert(1)' });
    await refused({ ...subscription, keys: { ...subscription.keys, p256dh: 'short' } });
    await refused({ ...subscription, keys: { ...subscription.keys, auth: '' } });
    await refused({ endpoint: subscription.endpoint });
  });

  it('pushes a new paid booking, once, to each owner who subscribed, and nobody else', async () => {
    await deliver();
    const { browser: owner, userId: ownerId } = await signedInOwner(app, db, NOW);
    const ownerPhone = await subscribe(owner);
    const { browser: chauffeur } = await signedInOwner(app, db, NOW, { role: 'chauffeur' });
    const chauffeurPhone = await subscribe(chauffeur);
    const id = await paidRide();
    await deliver();
    const [push, ...more] = ownerPhone.pushes();
    expect(more).toEqual([]);
    expect(push).toEqual({
      title: 'New booking',
      body: expect.stringMatching(/^Nell booked the Tesla Model S for Dec \d+, 9:00 AM\.$/),
      url: `${BASE}/admin/rides?ride=${id}`,
      tag: `ride-${id}`,
    } satisfies Record<keyof PushPayload, unknown>);
    expect(JSON.stringify(push)).not.toContain('Smith');
    expect(chauffeurPhone.pushes()).toEqual([]);
    // The row names the subscription, never its endpoint.
    const rows = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.appointmentId, id), eq(outboxMessages.userId, ownerId)));
    expect(rows).toMatchObject([
      { channel: 'push', template: 'paid', audience: 'owner', status: 'sent' },
    ]);
    expect(JSON.stringify(rows)).not.toContain(ownerPhone.subscription.endpoint);
  });

  it('pushes a cancellation and a move to the owners', async () => {
    const { browser: owner } = await signedInOwner(app, db, NOW);
    const id = await paidRide();
    await deliver();
    const phone = await subscribe(owner);
    const row = await appointmentRow(db, id);
    const moved = await owner.post(`/api/admin/rides/${id}/move`, {
      reason: 'Your driver is ill; this is the nearest time we can do.',
      from: { serviceId: row.serviceId, slotDate: row.slotDate, slotTime: row.slotTime },
      slotDate: row.slotDate,
      slotTime: '1:00 PM',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await deliver();
    expect(phone.pushes()).toEqual([
      expect.objectContaining({
        title: 'Ride moved',
        body: expect.stringMatching(/^Nell’s ride is now Dec \d+, 1:00 PM \(Tesla Model S\)\.$/),
        url: `${BASE}/admin/rides?ride=${id}`,
      }),
    ]);
    const cancelled = await owner.post(`/api/admin/rides/${id}/cancel`, {
      reason: 'The car broke down.',
      refund: 'none',
      from: 'paid',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliver();
    expect(phone.pushes().map((push) => push.title)).toEqual(['Ride moved', 'Ride cancelled']);
  });

  it('pushes a new ride to the chauffeur given it, not to the owners', async () => {
    const { browser: owner } = await signedInOwner(app, db, NOW);
    const { browser: chauffeur, userId } = await signedInOwner(app, db, NOW, {
      role: 'chauffeur',
    });
    const id = await paidRide();
    await deliver();
    const ownerPhone = await subscribe(owner);
    const chauffeurPhone = await subscribe(chauffeur);
    const assigned = await owner.post(`/api/admin/rides/${id}/chauffeur`, { chauffeurId: userId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await deliver();
    expect(chauffeurPhone.pushes()).toEqual([
      {
        title: 'New ride for you',
        body: expect.stringMatching(/^Dec \d+, 9:00 AM: Nell, the Tesla Model S\.$/),
        url: `${BASE}/drive`,
        tag: `ride-${id}`,
      },
    ]);
    expect(ownerPhone.pushes()).toEqual([]);
  });

  it('pushes a paid ride to its car’s default chauffeur, given it with the payment', async () => {
    const { browser: chauffeur, userId } = await signedInOwner(app, db, NOW, {
      role: 'chauffeur',
    });
    const phone = await subscribe(chauffeur);
    // The Tesla's default chauffeur, for this test only.
    await db.update(services).set({ defaultChauffeurId: userId }).where(eq(services.id, car));
    try {
      const { browser } = await signedInBrowser(app, db, NOW, 'Ada Lovelace');
      const id = await bookOk(
        browser,
        bookingRequest(car, { slotDate: freshDay(), slotTime: '11:00 AM' }),
      );
      await payThroughSandbox(app, browser, id);
      expect((await appointmentRow(db, id)).chauffeurId).toBe(userId);
      await deliver();
      expect(phone.pushes()).toEqual([
        expect.objectContaining({ title: 'New ride for you', url: `${BASE}/drive` }),
      ]);
    } finally {
      await db.update(services).set({ defaultChauffeurId: null }).where(eq(services.id, car));
    }
  });

  it('pushes a message that failed for good to the owners', async () => {
    const id = await paidRide();
    const { browser: owner, userId: ownerId } = await signedInOwner(app, db, NOW);
    const phone = await subscribe(owner);
    const working = channels;
    channels = () => ({
      ...working(),
      mailer: { send: () => Promise.reject(new Error('SMTP down')), close: () => {} },
    });
    try {
      await deliver({ ...DELIVERY_DEFAULTS, maxAttempts: 1 });
    } finally {
      channels = working;
    }
    await deliver();
    expect(phone.pushes()).toContainEqual({
      title: 'A message was not sent',
      body: '“Booking confirmed” could not be sent. Open Messages to retry it.',
      url: `${BASE}/admin/messages`,
      tag: 'messages-failed',
    });
    // One push to this browser per message of the ride that failed (its emails).
    const failed = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.appointmentId, id), eq(outboxMessages.status, 'failed')));
    expect(failed.length).toBeGreaterThan(0);
    const toThisOwner = await db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.template, 'message_failed'),
          eq(outboxMessages.appointmentId, id),
          eq(outboxMessages.userId, ownerId),
        ),
      );
    expect(toThisOwner).toHaveLength(failed.length);
    expect(toThisOwner.every((row) => row.status === 'sent')).toBe(true);
  });

  it('drops a subscription the push service says is gone (410), and sends it nothing more', async () => {
    const { browser: owner, userId } = await signedInOwner(app, db, NOW);
    const phone = await subscribe(owner);
    phone.gone();
    const id = await paidRide();
    await deliver();
    expect(phone.pushes()).toEqual([]);
    expect(await subscriptionsOf(userId)).toEqual([]);
    const [row] = await db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.appointmentId, id), eq(outboxMessages.userId, userId)));
    expect(row).toMatchObject({ status: 'sent', lastError: 'not sent: subscription gone' });
  });

  it('nudges a chauffeur not on the way by the time set, once, and tells the owners; then the next one given the ride', async () => {
    const { browser: owner } = await signedInOwner(app, db, NOW);
    const ownersPhone = await subscribe(owner);
    const drivers = await Promise.all(
      [0, 1].map(() => signedInOwner(app, db, NOW, { role: 'chauffeur' })),
    );
    const [first, second] = drivers as [(typeof drivers)[0], (typeof drivers)[0]];
    const [firstPhone, secondPhone] = [
      await subscribe(first.browser),
      await subscribe(second.browser),
    ];
    const id = await paidRide();
    const given = await owner.post(`/api/admin/rides/${id}/chauffeur`, {
      chauffeurId: first.userId,
    });
    expect(given.statusCode, given.body).toBe(200);
    const pickup = (await appointmentRow(db, id)).slotStart;
    const minutesBefore = (minutes: number) => new Date(pickup.getTime() - minutes * 60_000);

    // 31 minutes before pickup it is not late yet; at 30 it is, unless already on the way; once.
    expect(await nudgeLateChauffeurs(db, minutesBefore(31), 30)).toBe(0);
    const tripStatus = (status: 'on_my_way' | null) =>
      db.update(appointments).set({ tripStatus: status }).where(eq(appointments.id, id));
    await tripStatus('on_my_way');
    expect(await nudgeLateChauffeurs(db, minutesBefore(30), 30)).toBe(0);
    await tripStatus(null); // the tap undone
    expect(await nudgeLateChauffeurs(db, minutesBefore(30), 30)).toBe(1);
    expect(await nudgeLateChauffeurs(db, minutesBefore(20), 30)).toBe(0);
    await deliver(DELIVERY_DEFAULTS, minutesBefore(20));
    expect(firstPhone.pushes().filter((push) => push.title === 'Time to set off')).toEqual([
      {
        title: 'Time to set off',
        body: expect.stringMatching(
          /^Nell is picked up at Dec \d+, 9:00 AM \(Tesla Model S\)\. Tap “On my way” when you leave\.$/,
        ),
        url: `${BASE}/drive`,
        tag: `ride-${id}`,
      },
    ]);
    expect(ownersPhone.pushes().filter((push) => push.tag === `ride-${id}`)).toContainEqual({
      title: 'Chauffeur not on the way',
      body: expect.stringMatching(
        /^Dana has not set off for Nell’s pickup at Dec \d+, 9:00 AM \(Tesla Model S\)\.$/,
      ),
      url: `${BASE}/admin/rides?ride=${id}`,
      tag: `ride-${id}`,
    });

    // Given to someone else, the ride's new driver is nudged in turn, on their phone alone.
    const moved = await owner.post(`/api/admin/rides/${id}/chauffeur`, {
      chauffeurId: second.userId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await nudgeLateChauffeurs(db, minutesBefore(15), 30)).toBe(1);
    await deliver(DELIVERY_DEFAULTS, minutesBefore(15));
    expect(secondPhone.pushes().map((push) => push.title)).toEqual([
      'New ride for you',
      'Time to set off',
    ]);
    expect(firstPhone.pushes().filter((push) => push.title === 'Time to set off')).toHaveLength(1);
  });

  it('ends a subscription with the sign-in that made it, not with the session’s time', async () => {
    const { browser: phone, userId } = await signedInOwner(app, db, NOW);
    const laptop = new Browser(app);
    laptop.setSid(
      await createSession(db, userId, NOW, OWNER_SESSION_POLICY, { mfaVerifiedAt: NOW }),
    );
    const lockScreen = await subscribe(phone);
    const desk = await subscribe(laptop);

    // Signing out on the laptop stops the laptop's pushes, and only those.
    expect((await laptop.post('/api/user/logout', {})).statusCode).toBe(200);
    expect((await subscriptionsOf(userId)).map((row) => row.endpoint)).toEqual([
      lockScreen.subscription.endpoint,
    ]);
    expect(desk.subscription.endpoint).not.toBe(lockScreen.subscription.endpoint);

    // Twelve hours on, the phone's session is over but its notifications are not: the hourly
    // housekeeping keeps a session that still has a subscription.
    const later = new Date(NOW.getTime() + 13 * 3_600_000);
    await deleteExpiredSessions(db, later);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
    expect(await sessionsOf(userId)).toHaveLength(1);

    // Signed in again elsewhere, "sign out of every other device" ends it, and its pushes.
    const again = new Browser(app);
    again.setSid(
      await createSession(db, userId, later, OWNER_SESSION_POLICY, { mfaVerifiedAt: later }),
    );
    const ended = await again.post('/api/user/sessions/revoke-others', {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await subscriptionsOf(userId)).toEqual([]);
    await deleteExpiredSessions(db, later);
    expect(await sessionsOf(userId)).toHaveLength(1);
  });

  it('drops a chauffeur’s subscriptions when the chauffeur is removed', async () => {
    const { browser: owner } = await signedInOwner(app, db, NOW);
    const { browser: chauffeur, userId } = await signedInOwner(app, db, NOW, {
      role: 'chauffeur',
    });
    await subscribe(chauffeur);
    expect(await subscriptionsOf(userId)).toHaveLength(1);
    const removed = await owner.post(`/api/admin/chauffeurs/${userId}/remove`, {});
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await subscriptionsOf(userId)).toEqual([]);
  });
});

describe('web push in production', () => {
  it('pushes only to the known push services, and never to a local one', () => {
    expect(mayPushTo('https://127.0.0.1:4443/push/phone', true)).toBe(false);
    expect(mayPushTo('https://127.0.0.1:4443/push/phone', false)).toBe(true);
    expect(mayPushTo('https://fcm.googleapis.com/fcm/send/abc', true)).toBe(true);
    expect(mayPushTo('https://updates.push.services.mozilla.com/wpush/v2/abc', true)).toBe(true);
    expect(mayPushTo('https://web.push.apple.com/abc', true)).toBe(true);
    expect(mayPushTo('https://wns2-by3p.notify.windows.com/w/?token=abc', true)).toBe(true);
    expect(mayPushTo('https://fcm.googleapis.com.evil.example/abc', true)).toBe(false);
    expect(mayPushTo('https://fcm.googleapis.com:8443/abc', true)).toBe(false);
    expect(mayPushTo('https://169.254.169.254/latest', true)).toBe(false);
  });

  it('has no development keys', () => {
    const production = testConfig({ env: 'production', isProduction: true, dataDir: '/tmp/x' });
    expect(() => vapidKeysFor(production)).toThrow(/VAPID_PUBLIC_KEY/);
  });
});
