import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditEvents, recoveryCodes, sessions, totpFactors, type Database } from '@app/db';
import {
  AdminSessionResponseSchema,
  MESSAGES,
  CODE_OR_RECOVERY_CODE_MESSAGE,
  RECOVERY_CODE_FORMAT_MESSAGE,
  TOTP_CODE_FORMAT_MESSAGE,
  MfaConfirmResponseSchema,
  MfaEnrolResponseSchema,
  MfaVerifyResponseSchema,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { MFA_REQUIRED_MESSAGE, OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import { createMemoryStore } from '../../plugins/rate-limit.ts';
import { signedInBrowser } from '../../test/booking.ts';
import { Browser, expectFailure } from '../../test/browser.ts';
import { createClock, MINUTE, type TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { registeredRoutes, type RouteEntry } from '../../test/hostile-input.ts';
import { signedInOwner, totpCode, wrongTotpCode, type SignedInOwner } from '../../test/owners.ts';
import { createSession, OWNER_SESSION_POLICY } from '../auth/sessions.ts';
import { NOTHING_TO_CONFIRM_MESSAGE, WRONG_CODE_MESSAGE } from './confirm-totp-enrolment.ts';
import { ALREADY_ENROLLED_MESSAGE } from './start-totp-enrolment.ts';
import {
  CODE_ALREADY_USED_MESSAGE,
  NOT_ENROLLED_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from './verify-mfa.ts';

const START = new Date('2026-11-22T15:07:10Z');
const STEP_MS = 30_000;

/** The owner routes an owner may call before passing the second factor. */
const SECOND_FACTOR_ROUTES = [
  'GET /api/admin/session',
  'POST /api/admin/mfa/enrol',
  'POST /api/admin/mfa/confirm',
  'POST /api/admin/mfa/verify',
];

/** The answer of a 403 for want of the second factor: the one failure that carries a `code`. */
function expectMfaRequired(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({
    success: false,
    message: MFA_REQUIRED_MESSAGE,
    code: 'mfa_required',
  });
}

describe.each(await databaseKinds())('the owner’s second factor on %s', (kind) => {
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

  /** A fresh owner (and a fresh address), at the clock's time. */
  const owner = (options?: { enrolled?: boolean; mfa?: boolean }) =>
    signedInOwner(app, db, clock.now(), options);
  /** Past the rate-limit windows of earlier tests, on a step of its own. */
  const nextWindow = () => clock.advance(16 * MINUTE);

  const send = (browser: Browser, route: RouteEntry, body: Record<string, unknown> = {}) =>
    route.method === 'GET' ? browser.get(route.url) : browser.post(route.url, body);

  it('guards every /api/admin route: 401 for a visitor, 403 for a customer, 403 mfa_required before the second factor', async () => {
    const adminRoutes = registeredRoutes(app).filter(
      (route) => route.url.startsWith('/api/admin/') && route.method !== 'HEAD',
    );
    expect(adminRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([...SECOND_FACTOR_ROUTES, 'GET /api/admin/audit']),
    );
    const { browser: customer } = await signedInBrowser(app, db, clock.now());
    const pending = await owner({ enrolled: true, mfa: false });
    for (const route of adminRoutes) {
      const name = `${route.method} ${route.url}`;
      expectFailure(await send(new Browser(app), route), 401, NOT_SIGNED_IN_MESSAGE);
      expectFailure(await send(customer, route), 403, OWNER_ONLY_MESSAGE);
      const beforeFactor = await send(pending.browser, route);
      if (SECOND_FACTOR_ROUTES.includes(name)) expect(beforeFactor.statusCode, name).not.toBe(403);
      else expectMfaRequired(beforeFactor);
    }
  });

  it('still needs the CSRF token on the second factor’s routes', async () => {
    const { browser, userId } = await owner({ enrolled: false, mfa: false });
    const response = await browser.post('/api/admin/mfa/enrol', {}, { csrf: false });
    expect(response.statusCode, response.body).toBe(403);
    expect(await db.select().from(totpFactors).where(eq(totpFactors.userId, userId))).toEqual([]);
  });

  it('enrols: a secret, its URI and QR code, confirmed by a code from it; ten recovery codes, once', async () => {
    nextWindow();
    const { browser, userId, email } = await owner({ enrolled: false, mfa: false });
    const state = AdminSessionResponseSchema.parse(
      (await browser.get('/api/admin/session')).json(),
    );
    expect(state).toEqual({ success: true, mfa: 'enrol', recoveryCodesLeft: 0 });
    expectFailure(
      await browser.post('/api/admin/mfa/confirm', { code: '123456' }),
      409,
      NOTHING_TO_CONFIRM_MESSAGE,
    );
    expectFailure(
      await browser.post('/api/admin/mfa/verify', { code: '123456' }),
      409,
      NOT_ENROLLED_MESSAGE,
    );

    const enrolled = await browser.post('/api/admin/mfa/enrol');
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUri, qrSvg } = MfaEnrolResponseSchema.parse(enrolled.json());
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Norfolk Rides:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Norfolk Rides',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox=/);
    // Stored sealed, never as the secret itself.
    const [stored] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    expect(stored?.secret).toMatch(/^v1\./);
    expect(stored?.secret).not.toContain(secret);
    expect(stored?.confirmedAt).toBeNull();
    // Not yet confirmed: still the enrolment screen, and owner routes stay shut.
    expect((await browser.get('/api/admin/session')).json()).toMatchObject({ mfa: 'enrol' });
    expectMfaRequired(await browser.get('/api/admin/audit'));

    const confirmed = await browser.post('/api/admin/mfa/confirm', {
      code: totpCode(secret, clock.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes: codes } = MfaConfirmResponseSchema.parse(confirmed.json());
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
    // Stored as hashes only.
    const hashes = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    expect(hashes.map((row) => row.codeHash).sort()).toEqual(
      codes.map((code) => hashToken(code.replaceAll('-', ''))).sort(),
    );

    expect((await browser.get('/api/admin/session')).json()).toEqual({
      success: true,
      mfa: 'verified',
      recoveryCodesLeft: 10,
    });
    expect((await browser.get('/api/admin/audit')).statusCode).toBe(200);
    const [event] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, userId), eq(auditEvents.action, 'mfa.enrolled')));
    expect(event).toMatchObject({ actorLabel: email, serviceId: null, appointmentId: null });

    // Once: neither a second confirmation nor a new secret replaces it.
    clock.advance(STEP_MS);
    expectFailure(
      await browser.post('/api/admin/mfa/confirm', { code: totpCode(secret, clock.now()) }),
      409,
      ALREADY_ENROLLED_MESSAGE,
    );
    expectFailure(await browser.post('/api/admin/mfa/enrol'), 409, ALREADY_ENROLLED_MESSAGE);
    const [after] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    expect(after?.secret).toBe(stored?.secret);
  });

  it('replaces an unconfirmed secret when enrolment starts again', async () => {
    nextWindow();
    const { browser } = await owner({ enrolled: false, mfa: false });
    const first = MfaEnrolResponseSchema.parse((await browser.post('/api/admin/mfa/enrol')).json());
    const second = MfaEnrolResponseSchema.parse(
      (await browser.post('/api/admin/mfa/enrol')).json(),
    );
    expect(second.secret).not.toBe(first.secret);
    expectFailure(
      await browser.post('/api/admin/mfa/confirm', { code: totpCode(first.secret, clock.now()) }),
      400,
      WRONG_CODE_MESSAGE,
    );
    const confirmed = await browser.post('/api/admin/mfa/confirm', {
      code: totpCode(second.secret, clock.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('takes a code of the step before or after now, not two steps away', async () => {
    nextWindow();
    const { browser, secret } = await owner({ mfa: false });
    const codeAt = (offsetSteps: number) =>
      totpCode(secret as string, new Date(clock.now().getTime() + offsetSteps * STEP_MS));
    for (const offset of [-2, 2]) {
      expectFailure(
        await browser.post('/api/admin/mfa/verify', { code: codeAt(offset) }),
        400,
        WRONG_CODE_MESSAGE,
      );
    }
    expectFailure(
      await browser.post('/api/admin/mfa/verify', {
        code: wrongTotpCode(secret as string, clock.now()),
      }),
      400,
      WRONG_CODE_MESSAGE,
    );
    const verified = await browser.post('/api/admin/mfa/verify', { code: codeAt(-1) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(MfaVerifyResponseSchema.parse(verified.json()).message).toBe(
      'Signed in to the console.',
    );
    expect((await browser.get('/api/admin/session')).json()).toMatchObject({ mfa: 'verified' });
  });

  it('takes a code once: the same code, or one of an earlier step, is refused in any session (no replay)', async () => {
    nextWindow();
    const first = await owner({ mfa: false });
    const secret = first.secret as string;
    const code = totpCode(secret, clock.now());
    expect((await first.browser.post('/api/admin/mfa/verify', { code })).statusCode).toBe(200);

    // The same owner in another browser, within the same 30 seconds.
    const other = new Browser(app);
    other.setSid(await createSession(db, first.userId, clock.now(), OWNER_SESSION_POLICY));
    expectFailure(
      await other.post('/api/admin/mfa/verify', { code }),
      400,
      CODE_ALREADY_USED_MESSAGE,
    );
    const earlier = totpCode(secret, new Date(clock.now().getTime() - STEP_MS));
    expectFailure(
      await other.post('/api/admin/mfa/verify', { code: earlier }),
      400,
      CODE_ALREADY_USED_MESSAGE,
    );
    expectMfaRequired(await other.get('/api/admin/audit'));

    clock.advance(STEP_MS);
    const next = await other.post('/api/admin/mfa/verify', { code: totpCode(secret, clock.now()) });
    expect(next.statusCode, next.body).toBe(200);
    expect((await other.get('/api/admin/audit')).statusCode).toBe(200);
  });

  it('takes each recovery code once, in any form it is typed, and writes its use to the audit trail', async () => {
    nextWindow();
    const { browser, userId, email } = await owner({ enrolled: false, mfa: false });
    const { secret: enrolledSecret } = MfaEnrolResponseSchema.parse(
      (await browser.post('/api/admin/mfa/enrol')).json(),
    );
    const { recoveryCodes: codes } = MfaConfirmResponseSchema.parse(
      (
        await browser.post('/api/admin/mfa/confirm', {
          code: totpCode(enrolledSecret, clock.now()),
        })
      ).json(),
    );
    const code = codes[0] as string;

    const later = new Browser(app);
    later.setSid(await createSession(db, userId, clock.now(), OWNER_SESSION_POLICY));
    expect((await later.get('/api/admin/session')).json()).toMatchObject({ mfa: 'verify' });
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    const used = await later.post('/api/admin/mfa/verify', { recoveryCode: typed });
    expect(used.statusCode, used.body).toBe(200);
    expect(MfaVerifyResponseSchema.parse(used.json()).recoveryCodesLeft).toBe(9);
    expect((await later.get('/api/admin/session')).json()).toEqual({
      success: true,
      mfa: 'verified',
      recoveryCodesLeft: 9,
    });
    const events = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorUserId, userId), eq(auditEvents.action, 'mfa.recovery_code_used')),
      );
    expect(events).toEqual([
      expect.objectContaining({ actorLabel: email, after: { recoveryCodesLeft: 9 } }),
    ]);

    // The same code again, in a third browser: refused, and nothing more is written.
    const third = new Browser(app);
    third.setSid(await createSession(db, userId, clock.now(), OWNER_SESSION_POLICY));
    expectFailure(
      await third.post('/api/admin/mfa/verify', { recoveryCode: code }),
      400,
      WRONG_RECOVERY_CODE_MESSAGE,
    );
    expectFailure(
      await third.post('/api/admin/mfa/verify', { recoveryCode: 'aaaa-bbbb-cccc-dddd-eeee-ffff' }),
      400,
      WRONG_RECOVERY_CODE_MESSAGE,
    );
    expectMfaRequired(await third.get('/api/admin/audit'));
    const [row] = await db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.codeHash, hashToken(code.replaceAll('-', ''))));
    expect(row?.usedAt).toEqual(clock.now());
  });

  it('cannot use another owner’s recovery code', async () => {
    nextWindow();
    const enrolledOwner = async () => {
      const signedIn = await owner({ enrolled: false, mfa: false });
      const { secret } = MfaEnrolResponseSchema.parse(
        (await signedIn.browser.post('/api/admin/mfa/enrol')).json(),
      );
      const { recoveryCodes: codes } = MfaConfirmResponseSchema.parse(
        (
          await signedIn.browser.post('/api/admin/mfa/confirm', {
            code: totpCode(secret, clock.now()),
          })
        ).json(),
      );
      return { ...signedIn, codes };
    };
    const ann = await enrolledOwner();
    const bob = await enrolledOwner();
    const bobLater = new Browser(app);
    bobLater.setSid(await createSession(db, bob.userId, clock.now(), OWNER_SESSION_POLICY));
    expectFailure(
      await bobLater.post('/api/admin/mfa/verify', { recoveryCode: ann.codes[0] }),
      400,
      WRONG_RECOVERY_CODE_MESSAGE,
    );
  });

  it('rate-limits wrong codes per session, and per account once a session got one wrong', async () => {
    nextWindow();
    const { browser: first, secret, userId } = await owner({ mfa: false });
    const right = () => ({ code: totpCode(secret as string, clock.now()) });
    const wrong = () => ({ code: wrongTotpCode(secret as string, clock.now()) });
    const later = async () => {
      const browser = new Browser(app);
      browser.setSid(await createSession(db, userId, clock.now(), OWNER_SESSION_POLICY));
      return browser;
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      expectFailure(await first.post('/api/admin/mfa/verify', wrong()), 400, WRONG_CODE_MESSAGE);
    }
    // Five wrong codes end the session's tries, the right code's too, from any address.
    expectFailure(
      await first.post('/api/admin/mfa/verify', right()),
      429,
      MESSAGES.tooManyLoginAttempts,
    );
    const elsewhere = new Browser(app);
    elsewhere.setSid(first.sid);
    expectFailure(
      await elsewhere.post('/api/admin/mfa/verify', right()),
      429,
      MESSAGES.tooManyLoginAttempts,
    );
    // Another session gets one wrong: past the account's five, its next try waits.
    const second = await later();
    expectFailure(await second.post('/api/admin/mfa/verify', wrong()), 400, WRONG_CODE_MESSAGE);
    expectFailure(
      await second.post('/api/admin/mfa/verify', right()),
      429,
      MESSAGES.tooManyLoginAttempts,
    );
    // A session that has got none wrong, from an address that has not, is not held back.
    clock.advance(STEP_MS);
    expect((await (await later()).post('/api/admin/mfa/verify', right())).statusCode).toBe(200);
    // The account's window passes; the first session's count lasts as long as the session.
    clock.advance(15 * MINUTE);
    expect((await second.post('/api/admin/mfa/verify', right())).statusCode).toBe(200);
    expectFailure(
      await first.post('/api/admin/mfa/verify', right()),
      429,
      MESSAGES.tooManyLoginAttempts,
    );
  });

  it('rate-limits wrong codes per address, across accounts', async () => {
    nextWindow();
    const address = '10.250.1.1';
    const owners: SignedInOwner[] = [];
    for (let i = 0; i < 5; i++) owners.push(await owner({ mfa: false }));
    let refused = 0;
    for (const { browser, secret } of owners) {
      for (let attempt = 0; attempt < 4; attempt++) {
        const response = await browser.post(
          '/api/admin/mfa/verify',
          { code: wrongTotpCode(secret as string, clock.now()) },
          { remoteAddress: address },
        );
        if (response.statusCode === 429) refused += 1;
      }
    }
    expect(refused).toBe(0);
    const last = await owner({ mfa: false });
    expectFailure(
      await last.browser.post(
        '/api/admin/mfa/verify',
        { code: totpCode(last.secret as string, clock.now()) },
        { remoteAddress: address },
      ),
      429,
      MESSAGES.tooManyLoginAttempts,
    );
  });

  it('refuses malformed codes with 400 and a message, counting nothing', async () => {
    nextWindow();
    const { browser, userId } = await owner({ enrolled: false, mfa: false });
    const { secret } = MfaEnrolResponseSchema.parse(
      (await browser.post('/api/admin/mfa/enrol')).json(),
    );
    const cases: [string, unknown, string][] = [
      ['/api/admin/mfa/confirm', {}, TOTP_CODE_FORMAT_MESSAGE],
      ['/api/admin/mfa/confirm', { code: '12345' }, TOTP_CODE_FORMAT_MESSAGE],
      ['/api/admin/mfa/confirm', { code: 123456 }, TOTP_CODE_FORMAT_MESSAGE],
      ['/api/admin/mfa/confirm', { code: '12345a' }, TOTP_CODE_FORMAT_MESSAGE],
      ['/api/admin/mfa/verify', {}, CODE_OR_RECOVERY_CODE_MESSAGE],
      [
        '/api/admin/mfa/verify',
        { code: '123456', recoveryCode: 'aaaa-bbbb-cccc-dddd-eeee-ffff' },
        CODE_OR_RECOVERY_CODE_MESSAGE,
      ],
      ['/api/admin/mfa/verify', { code: '1234567' }, TOTP_CODE_FORMAT_MESSAGE],
      ['/api/admin/mfa/verify', { recoveryCode: 'abcd-efgh-ijkl' }, RECOVERY_CODE_FORMAT_MESSAGE],
      [
        '/api/admin/mfa/verify',
        { recoveryCode: 'abcd-efgh-ijkl-mnop-qrst-uvw1' },
        RECOVERY_CODE_FORMAT_MESSAGE,
      ],
    ];
    for (const [url, body, message] of cases) {
      expectFailure(await browser.post(url, body as Record<string, unknown>), 400, message);
    }
    const [factor] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    expect(factor?.confirmedAt).toBeNull();
    // Malformed input is not a guess: the account may still try five codes.
    for (let attempt = 0; attempt < 5; attempt++) {
      expectFailure(
        await browser.post('/api/admin/mfa/confirm', { code: wrongTotpCode(secret, clock.now()) }),
        400,
        WRONG_CODE_MESSAGE,
      );
    }
  });

  it('marks only the session that passed the second factor', async () => {
    nextWindow();
    const { browser, userId, secret } = await owner({ mfa: false });
    const other = new Browser(app);
    other.setSid(await createSession(db, userId, clock.now(), OWNER_SESSION_POLICY));
    await browser.post('/api/admin/mfa/verify', { code: totpCode(secret as string, clock.now()) });
    const rows = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((row) => row.mfaVerifiedAt?.getTime() ?? null).sort()).toEqual([
      clock.now().getTime(),
      null,
    ]);
    expectMfaRequired(await other.get('/api/admin/audit'));
  });
});
