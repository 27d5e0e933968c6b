import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditEvents, recoveryCodes, sessions, totpFactors, users, type Database } from '@app/db';
import { MfaConfirmResponseSchema, MfaEnrolResponseSchema } from '@app/shared';
import { buildApp } from '../../app.ts';
import { MFA_REQUIRED_MESSAGE } from '../../plugins/auth.ts';
import { createMemoryStore } from '../../plugins/rate-limit.ts';
import {
  Browser,
  expectFailure,
  expectSuccess,
  PASSWORD,
  uniqueEmail,
} from '../../test/browser.ts';
import { createClock, MINUTE, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { fillParams, registeredRoutes } from '../../test/hostile-input.ts';
import { signedInOwner, TEST_TOTP_SECRETS, totpCode, wrongTotpCode } from '../../test/owners.ts';
import { INVALID_LOGIN_MESSAGE } from '../auth/authenticate-user.ts';
import { createPasswordReset } from '../auth/create-password-reset.ts';
import { INVALID_RESET_LINK_MESSAGE } from '../auth/reset-password.ts';
import { createSession, OWNER_SESSION_POLICY } from '../auth/sessions.ts';
import { addOwner, UnverifiedAccountError } from './add-owner.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { newTotpSecret } from './totp.ts';

/*
 * The ways an attacker could reach the console, each written as it ran against the code before
 * its fix: a customer account promoted with its password, sessions and factor alive; a
 * password-only owner session doing everything a customer may; wrong codes that locked the
 * owner out; an enrolment replaced from another browser; a session that kept its token past
 * the second factor.
 */

const START = new Date('2026-11-22T15:07:10Z');
const STEP_MS = 30_000;
const OWNER_PASSWORD = 'Owner#Fresh2026';

/** What a session may call before the second factor, besides signing out and its profile. */
const SECOND_FACTOR_ROUTES = [
  'GET /api/admin/session',
  'POST /api/admin/mfa/enrol',
  'POST /api/admin/mfa/confirm',
  'POST /api/admin/mfa/verify',
];

/** Routes a customer uses; each must be among those refused before the second factor. */
const CUSTOMER_ROUTES = [
  'GET /api/user/sessions',
  'POST /api/user/sessions/revoke',
  'POST /api/user/sessions/revoke-others',
  'POST /api/user/update-profile',
  'POST /api/user/book-appointment',
  'POST /api/user/create-checkout-session',
  'GET /api/user/appointments',
  'GET /api/appointments/:id',
  'POST /api/appointments/:id/cancel',
  'POST /api/appointments/:id/reschedule',
  'POST /api/feedback/leave-feedback',
];

function expectMfaRequired(response: LightMyRequestResponse, route: string): void {
  expect(response.statusCode, `${route}: ${response.body}`).toBe(403);
  expect(response.json(), route).toEqual({
    success: false,
    message: MFA_REQUIRED_MESSAGE,
    code: 'mfa_required',
  });
}

describe.each(await databaseKinds())('taking over the console, on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock: TestClock;
  let db: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind, { seed: false });
    db = database.handle.db;
    clock = createClock(START);
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: clock.now,
      rateLimitStore: createMemoryStore(clock.millis),
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  /** Past the rate-limit windows and TOTP steps of earlier tests. */
  const nextWindow = () => clock.advance(16 * MINUTE);
  /** Another browser of the same account, signed in with the password, from its own address. */
  const anotherSession = async (userId: string) => {
    const browser = new Browser(app);
    browser.setSid(await createSession(db, userId, clock.now(), OWNER_SESSION_POLICY));
    return browser;
  };
  const sessionsOf = (userId: string) =>
    db.select().from(sessions).where(eq(sessions.userId, userId));

  it('promotion is a new credential: the customer’s password, sessions, reset link, Google link and factor all die', async () => {
    // Someone registers the address the business will make an owner's, stays signed in on two
    // browsers, and holds whatever else the account could carry.
    const email = uniqueEmail('future-owner');
    const attacker = new Browser(app);
    await attacker.signUpAndIn(email);
    const second = new Browser(app);
    expectSuccess(await second.login(email));
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const userId = row?.id as string;
    await db
      .update(users)
      .set({ googleSub: 'google-sub-of-the-attacker' })
      .where(eq(users.id, userId));
    const planted = newTotpSecret();
    await db.insert(totpFactors).values({
      userId,
      secret: TEST_TOTP_SECRETS.seal(planted, userId),
      confirmedAt: clock.now(),
      createdAt: clock.now(),
    });
    const [plantedCode] = newRecoveryCodes();
    await db.insert(recoveryCodes).values({
      codeHash: hashRecoveryCode(plantedCode as string),
      userId,
      createdAt: clock.now(),
    });
    const reset = await createPasswordReset(db, email, clock.now());

    // The operator runs `npm run owner -- add <email>`: refused while nobody proved the address,
    // changing nothing.
    await expect(addOwner(db, email, clock.now())).rejects.toThrow(UnverifiedAccountError);
    expect(await attacker.profile()).toMatchObject({ email });
    // Say the address was confirmed after all (a customer the business then promotes): the
    // promotion still carries nothing over.
    await db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.id, userId));
    const { token } = await addOwner(db, email, clock.now());

    // Every session of the account ended: both browsers are visitors again.
    expect(await attacker.profile()).toBeNull();
    expect(await second.profile()).toBeNull();
    expect(await sessionsOf(userId)).toEqual([]);
    // The customer's password no longer signs in, nor does the reset link asked for before.
    expectFailure(await new Browser(app).login(email), 401, INVALID_LOGIN_MESSAGE);
    expectFailure(
      await new Browser(app).post('/api/user/reset-password', {
        token: reset?.token,
        newPassword: 'Another#Pass2026',
      }),
      400,
      INVALID_RESET_LINK_MESSAGE,
    );
    // No Google identity, no authenticator, no recovery codes are carried over.
    const [after] = await db.select().from(users).where(eq(users.id, userId));
    expect(after).toMatchObject({ role: 'owner', passwordHash: null, googleSub: null });
    expect(await db.select().from(totpFactors).where(eq(totpFactors.userId, userId))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).toEqual(
      [],
    );

    // The owner sets a password with the command line's link; the first sign-in sets up a new
    // authenticator, and the planted one's codes are nothing.
    const owner = new Browser(app);
    expectSuccess(
      await owner.post('/api/user/reset-password', { token, newPassword: OWNER_PASSWORD }),
    );
    expectSuccess(await owner.login(email, OWNER_PASSWORD));
    expect((await owner.get('/api/admin/session')).json()).toMatchObject({ mfa: 'enrol' });
    expect(
      (await owner.post('/api/admin/mfa/verify', { code: totpCode(planted, clock.now()) }))
        .statusCode,
    ).toBe(409);
    expect(
      (await owner.post('/api/admin/mfa/verify', { recoveryCode: plantedCode })).statusCode,
    ).toBe(409);
  });

  it('lets an owner’s password-only session pass the second factor, say who it is and sign out; every other signed-in route answers 403 mfa_required', async () => {
    nextWindow();
    const pending = await signedInOwner(app, db, clock.now(), { mfa: false });
    const routes = registeredRoutes(app).filter(
      (route) => route.method !== 'HEAD' && route.url.startsWith('/api/'),
    );
    const send = (browser: Browser, method: string, url: string) =>
      method === 'GET' ? browser.get(url) : browser.post(url, {});
    const signedInOnly: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const url = fillParams(route.url, () => randomUUID());
      // A route that asks a visitor to sign in is a signed-in route.
      if ((await send(new Browser(app), route.method, url)).statusCode !== 401) continue;
      signedInOnly.push(name);
      const answer = await send(pending.browser, route.method, url);
      if (SECOND_FACTOR_ROUTES.includes(name)) expect(answer.statusCode, name).not.toBe(403);
      else expectMfaRequired(answer, name);
    }
    expect(signedInOnly).toEqual(
      expect.arrayContaining([...CUSTOMER_ROUTES, ...SECOND_FACTOR_ROUTES, 'GET /api/admin/audit']),
    );

    // Who is signed in: the role (the site sends an owner to the code screen) and the email
    // the password was typed with; nothing else of the account until the code.
    expect(await pending.browser.profile()).toEqual({
      email: pending.email,
      role: 'owner',
      secondFactor: 'required',
    });
    expectSuccess(await pending.browser.logout());
    expect(await pending.browser.profile()).toBeNull();
  });

  it('takes the owner’s right code on a new sign-in while an attacker’s sessions spend their wrong-code budgets', async () => {
    nextWindow();
    // The attacker has the password: a session of their own, from their own address.
    const first = await signedInOwner(app, db, clock.now(), { mfa: false });
    const secret = first.secret as string;
    const wrong = () => ({ code: wrongTotpCode(secret, clock.now()) });
    for (let attempt = 0; attempt < 5; attempt++) {
      expectFailure(await first.browser.post('/api/admin/mfa/verify', wrong()), 400);
    }
    // Five wrong codes end that session's attempts, the right code included.
    expect(
      (await first.browser.post('/api/admin/mfa/verify', { code: totpCode(secret, clock.now()) }))
        .statusCode,
    ).toBe(429);
    // A new session from an address that got this account's codes wrong meets the account's
    // ceiling at once.
    const again = new Browser(app, { address: first.browser.address });
    again.setSid(await createSession(db, first.userId, clock.now(), OWNER_SESSION_POLICY));
    expect((await again.post('/api/admin/mfa/verify', wrong())).statusCode).toBe(429);
    // More sessions, more addresses: each spends its own budget.
    for (let session = 0; session < 3; session++) {
      const attacker = await anotherSession(first.userId);
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await attacker.post('/api/admin/mfa/verify', wrong())).statusCode).not.toBe(200);
      }
    }

    // The owner signs in on their phone: the code the app shows is taken.
    const owner = await anotherSession(first.userId);
    const verified = await owner.post('/api/admin/mfa/verify', {
      code: totpCode(secret, clock.now()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await owner.get('/api/admin/audit')).statusCode).toBe(200);
  });

  it('takes a recovery code after the session’s and the account’s TOTP codes were spent', async () => {
    nextWindow();
    const { browser, userId } = await signedInOwner(app, db, clock.now(), {
      enrolled: false,
      mfa: false,
    });
    const { secret } = MfaEnrolResponseSchema.parse(
      (await browser.post('/api/admin/mfa/enrol')).json(),
    );
    const { recoveryCodes: codes } = MfaConfirmResponseSchema.parse(
      (
        await browser.post('/api/admin/mfa/confirm', { code: totpCode(secret, clock.now()) })
      ).json(),
    );
    const later = await anotherSession(userId);
    for (let attempt = 0; attempt < 6; attempt++) {
      await later.post('/api/admin/mfa/verify', { code: wrongTotpCode(secret, clock.now()) });
    }
    expect(
      (await later.post('/api/admin/mfa/verify', { code: wrongTotpCode(secret, clock.now()) }))
        .statusCode,
    ).toBe(429);
    const used = await later.post('/api/admin/mfa/verify', { recoveryCode: codes[0] });
    expect(used.statusCode, used.body).toBe(200);
    expect((await later.get('/api/admin/audit')).statusCode).toBe(200);
  });

  it('keeps an enrolment to the session that started it: another session’s enrolment is refused while it lasts', async () => {
    nextWindow();
    const { browser: owner, userId } = await signedInOwner(app, db, clock.now(), {
      enrolled: false,
      mfa: false,
    });
    const { secret } = MfaEnrolResponseSchema.parse(
      (await owner.post('/api/admin/mfa/enrol')).json(),
    );
    // The attacker, signed in with the password elsewhere, tries to put their own app in place.
    const attacker = await anotherSession(userId);
    expectFailure(await attacker.post('/api/admin/mfa/enrol'), 409, /another browser/);
    expect(
      (await attacker.post('/api/admin/mfa/confirm', { code: totpCode(secret, clock.now()) }))
        .statusCode,
    ).toBe(409);
    const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    expect(TEST_TOTP_SECRETS.open(factor?.secret as string, userId)).toBe(secret);
    // The owner's enrolment is untouched and confirms.
    const confirmed = await owner.post('/api/admin/mfa/confirm', {
      code: totpCode(secret, clock.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('lets another session start over once an unconfirmed enrolment has expired', async () => {
    nextWindow();
    const { browser: first, userId } = await signedInOwner(app, db, clock.now(), {
      enrolled: false,
      mfa: false,
    });
    const abandoned = MfaEnrolResponseSchema.parse(
      (await first.post('/api/admin/mfa/enrol')).json(),
    );
    clock.advance(15 * MINUTE + STEP_MS);
    const second = await anotherSession(userId);
    const { secret } = MfaEnrolResponseSchema.parse(
      (await second.post('/api/admin/mfa/enrol')).json(),
    );
    expect(secret).not.toBe(abandoned.secret);
    expect(
      (
        await first.post('/api/admin/mfa/confirm', {
          code: totpCode(abandoned.secret, clock.now()),
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await second.post('/api/admin/mfa/confirm', { code: totpCode(secret, clock.now()) }))
        .statusCode,
    ).toBe(200);
  });

  it.each(['verify', 'confirm'] as const)(
    'gives the session a new id and token once it passes the second factor (%s): the old cookie is signed out',
    async (step) => {
      nextWindow();
      const signedIn = await signedInOwner(app, db, clock.now(), {
        enrolled: step === 'verify',
        mfa: false,
      });
      const { browser, userId } = signedIn;
      const [before] = await sessionsOf(userId);
      const oldToken = browser.sid as string;
      let passed: LightMyRequestResponse;
      if (step === 'verify') {
        passed = await browser.post('/api/admin/mfa/verify', {
          code: totpCode(signedIn.secret as string, clock.now()),
        });
      } else {
        const { secret } = MfaEnrolResponseSchema.parse(
          (await browser.post('/api/admin/mfa/enrol')).json(),
        );
        passed = await browser.post('/api/admin/mfa/confirm', {
          code: totpCode(secret, clock.now()),
        });
      }
      expect(passed.statusCode, passed.body).toBe(200);
      const cookie = passed.cookies.find((c) => c.name === 'sid');
      expect(cookie?.value).toBeDefined();
      expect(cookie?.value).not.toBe(oldToken);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

      // The old token is dead; the new one is the session, past the second factor.
      const old = new Browser(app);
      old.setSid(oldToken);
      expect(await old.profile()).toBeNull();
      expect((await old.get('/api/admin/audit')).statusCode).toBe(401);
      expect((await browser.get('/api/admin/audit')).statusCode).toBe(200);
      const rows = await sessionsOf(userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).not.toBe(before?.id);
      expect(rows[0]).toMatchObject({
        mfaVerifiedAt: clock.now(),
        // Renewing is not a new sign-in: the session still ends when it would have.
        createdAt: before?.createdAt,
        expiresAt: before?.expiresAt,
      });
    },
  );

  it('writes enrolment started and confirmed, wrong codes and sign-ins with a code to the audit trail', async () => {
    nextWindow();
    const { browser, userId, email } = await signedInOwner(app, db, clock.now(), {
      enrolled: false,
      mfa: false,
    });
    const { secret } = MfaEnrolResponseSchema.parse(
      (await browser.post('/api/admin/mfa/enrol')).json(),
    );
    // One second between steps: the trail is read back in the order of its times.
    clock.advance(1000);
    expectFailure(
      await browser.post('/api/admin/mfa/confirm', { code: wrongTotpCode(secret, clock.now()) }),
      400,
    );
    clock.advance(1000);
    expect(
      (await browser.post('/api/admin/mfa/confirm', { code: totpCode(secret, clock.now()) }))
        .statusCode,
    ).toBe(200);
    clock.advance(STEP_MS);
    const later = await anotherSession(userId);
    expectFailure(
      await later.post('/api/admin/mfa/verify', { code: wrongTotpCode(secret, clock.now()) }),
      400,
    );
    clock.advance(1000);
    expectFailure(
      await later.post('/api/admin/mfa/verify', { recoveryCode: 'aaaa-bbbb-cccc-dddd-eeee-ffff' }),
      400,
    );
    clock.advance(1000);
    expect(
      (await later.post('/api/admin/mfa/verify', { code: totpCode(secret, clock.now()) }))
        .statusCode,
    ).toBe(200);

    const events = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, userId)));
    expect(
      events
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .map((event) => [event.action, event.after]),
    ).toEqual([
      ['mfa.enrolment_started', null],
      ['mfa.code_refused', { factor: 'authenticator', step: 'confirm' }],
      ['mfa.enrolled', { recoveryCodes: 10 }],
      ['mfa.code_refused', { factor: 'authenticator', step: 'verify' }],
      ['mfa.code_refused', { factor: 'recovery code', step: 'verify' }],
      ['mfa.verified', { factor: 'authenticator' }],
    ]);
    for (const event of events) expect(event.actorLabel).toBe(email);
  });

  it('counts password failures for an owner’s email through the owner’s own sign-ins', async () => {
    nextWindow();
    const email = uniqueEmail('owner-login');
    await new Browser(app).signUpAndIn(email);
    await db.update(users).set({ emailVerifiedAt: clock.now() }).where(eq(users.email, email));
    const { token } = await addOwner(db, email, clock.now());
    expectSuccess(
      await new Browser(app).post('/api/user/reset-password', { token, newPassword: PASSWORD }),
    );
    // An attacker guesses four times, the owner signs in meanwhile, the attacker guesses again.
    for (let attempt = 0; attempt < 4; attempt++) {
      expectFailure(await new Browser(app).login(email, 'guess#1234'), 401);
    }
    expectSuccess(await new Browser(app).login(email, PASSWORD));
    expectFailure(await new Browser(app).login(email, 'guess#5678'), 401);
    expect((await new Browser(app).login(email, 'guess#9012')).statusCode).toBe(429);
  });
});
