import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listBookableDays } from '@app/shared';
import { BODY_LIMIT_BYTES, buildApp, type AppDeps } from './app.ts';
import { createStripeProvider } from './modules/payments/stripe-provider.ts';
import { INVALID_TEXT_MESSAGE } from './plugins/refuse-invalid-text.ts';
import { bookingRequest, bookOk, serviceIdByName, signedInBrowser } from './test/booking.ts';
import { signedInOwner } from './test/owners.ts';
import { Browser } from './test/browser.ts';
import { testConfig } from './test/config.ts';
import { openTestDatabase, type TestDatabase } from './test/databases.ts';
import { createFakeGoogle } from './test/google.ts';
import {
  databaseFingerprint,
  expectCleanAnswer,
  fillParams,
  hostileId,
  hostileJson,
  hostileQuery,
  hostileText,
  percentEncode,
  registeredRoutes,
  spoiledBody,
  taintedText,
  type RouteEntry,
} from './test/hostile-input.ts';
import { startStripeStandIn, type StripeStandIn } from './test/stripe-stand-in.ts';

/*
 * Generated and hostile requests to every route the app registers, signed out, in as a customer
 * and in as an owner past the second factor, with and without a CSRF token: never a 5xx, never an internal detail, always `{ success: false,
 * message }` with a human message, and a refused request changes nothing in the database.
 *
 * PGlite only: the properties are about the HTTP layer and validation, which run the same code
 * on both databases; running them twice would double the suite's time for no new path. (Text
 * PostgreSQL cannot store, NUL, is refused before any query, so neither database sees it.)
 * fast-check prints the seed and the shrunk counterexample of a failure; replay with `seed`.
 */

const NOW = new Date('2026-11-22T15:07:00Z'); // a Sunday morning in New York
const JSON_REFUSED = 'Send the request as JSON (Content-Type: application/json).';
const NOT_JSON = 'The request body is not valid JSON.';
const TOO_LARGE = 'The request is too large.';
/** Runs per route and property: about 20 routes, so about 100 requests per property. */
const RUNS = 5;

const KNOWN_ROUTES = [
  'GET /api/csrf-token',
  'GET /api/health',
  'GET /api/health/ready',
  'GET /api/service/list',
  'GET /api/service/:serviceId',
  'POST /api/service/:serviceId/quote',
  'POST /api/user/register',
  'POST /api/user/login',
  'POST /api/user/logout',
  'GET /api/user/profile',
  'POST /api/user/update-profile',
  'POST /api/user/forgot-password',
  'POST /api/user/reset-password',
  'POST /api/user/verify-email',
  'POST /api/user/verify-email/resend',
  'POST /api/user/book-appointment',
  'POST /api/user/create-checkout-session',
  'GET /api/user/stripe-payment-details',
  'GET /api/user/appointments',
  'POST /api/auth/google',
  'POST /api/feedback/leave-feedback',
  'POST /api/payments/webhook',
  'GET /api/payments/sandbox/:id',
  'POST /api/payments/sandbox/:id/pay',
  'POST /api/payments/sandbox/:id/cancel',
  'GET /api/user/sessions',
  'POST /api/user/sessions/revoke',
  'POST /api/user/sessions/revoke-others',
  'GET /api/admin/session',
  'POST /api/admin/mfa/enrol',
  'POST /api/admin/mfa/confirm',
  'POST /api/admin/mfa/verify',
  'GET /api/admin/audit',
  'GET /api/admin/fleet',
  'POST /api/admin/fleet/add-car',
  'POST /api/admin/fleet/:serviceId/update-car',
  'POST /api/admin/fleet/:serviceId/retire-car',
  'POST /api/admin/fleet/:serviceId/photo',
  'GET /uploads/:name',
];

const fleetCarTemplate = {
  name: 'Kia EV9',
  serviceLevel: 'Family',
  type: 'Kia',
  about: 'A quiet electric SUV.',
  address: '40 Main Street, Norfolk, MA 02056',
  available: true,
  availableServiceTypes: ['Airport Transfer'],
  fees: 55,
  specialServicePricePerHour: 100,
  specialServicePriceBetweenOneHourFifteen: 120,
  specialServicePriceExtra: 30,
  specialServicePriceFlatRate: 160,
  serviceChargePerHour: 110,
  rentalDailyPrice: 170,
  rentalWeeklyPrice: 990,
};

const isFormRoute = (url: string) => /^\/api\/payments\/sandbox\/:id\/(pay|cancel)$/.test(url);
const isWebhook = (url: string) => url === '/api/payments/webhook';
/** The one route that reads multipart (a car's photo): its guard answers before its body. */
const isUploadRoute = (url: string) => url === '/api/admin/fleet/:serviceId/photo';

// Generous: the machine running the suite may be busy, and each property sends hundreds of requests.
describe('hostile input to every route (PGlite)', { timeout: 90_000 }, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let stripeApp: FastifyInstance;
  let stripe: StripeStandIn;
  let routes: RouteEntry[];
  let teslaS: string;
  /** The car the fleet's routes are sent (one of them retires it). */
  let fleetCar: string;
  let templates: Record<string, Record<string, unknown>>;
  // Free slots for the bookings behind fresh sandbox checkouts, one each: two hours apart, clear
  // of each other's ride and the car's turnaround.
  const slots = listBookableDays(NOW)
    .slice(2)
    .flatMap((day) => day.slots.map((slot) => ({ slotDate: day.key, slotTime: slot.label })))
    .filter((_, i) => i % 4 === 0);
  let nextSlot = 0;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const google = await createFakeGoogle();
    const deps: AppDeps = {
      config: testConfig(),
      db: database.handle,
      now: () => NOW,
      googleVerifier: google.verifier,
      mailer: { send: async () => {}, close: () => {} },
    };
    app = await buildApp(deps);
    stripe = await startStripeStandIn();
    stripeApp = await buildApp({
      ...deps,
      payments: createStripeProvider({
        secretKey: 'sk_test_x',
        webhookSecret: 'whsec_test',
        host: stripe.host,
        port: stripe.port,
        protocol: 'http',
      }),
    });
    await app.ready();
    routes = registeredRoutes(app);
    teslaS = await serviceIdByName(database.handle.db, 'Tesla Model S');
    fleetCar = await serviceIdByName(database.handle.db, 'Chevrolet Suburban');
    const booking = bookingRequest(teslaS, slots[0]);
    nextSlot = 1;
    templates = {
      'POST /api/user/register': {
        name: 'Ann Rider',
        email: 'ann.rider@example.com',
        password: 'correct horse 1!',
        phone: '781-555-0100',
      },
      'POST /api/user/login': { email: 'nobody@example.com', password: 'correct horse 1!' },
      'POST /api/user/update-profile': {
        name: 'Ann Rider',
        address: '1 Main Street, Norfolk, MA',
        phone: '781-555-0100',
        gender: 'Female',
        dob: '1990-04-01',
      },
      'POST /api/user/forgot-password': { email: 'nobody@example.com' },
      'POST /api/user/reset-password': { token: 'a'.repeat(43), newPassword: 'N3w password!' },
      'POST /api/user/verify-email': { token: 'a'.repeat(43) },
      'POST /api/user/verify-email/resend': { email: 'nobody@example.com' },
      'POST /api/user/book-appointment': booking,
      'POST /api/service/:serviceId/quote': {
        serviceType: 'Airport Transfer',
        ride: {
          slotDate: booking.slotDate,
          slotTime: booking.slotTime,
          pickupAddress: 'Norwood, MA 02062',
          dropoffAddress: 'Logan Airport, Boston, MA',
          waitingMinutes: 15,
        },
        returnLeg: { slotDate: booking.slotDate },
      },
      'POST /api/user/create-checkout-session': { appointmentId: randomUUID() },
      'POST /api/auth/google': { token: 'not-a-google-token' },
      'POST /api/feedback/leave-feedback': {
        feedback: 'A smooth ride.',
        rating: 5,
        isAnonymous: false,
        emoji: 'happy',
      },
      'POST /api/payments/webhook': {
        id: 'evt_1',
        type: 'checkout.session.completed',
        data: { object: {} },
      },
      'POST /api/payments/sandbox/:id/pay': { name: 'Ann Rider' },
      'POST /api/user/sessions/revoke': { id: randomUUID() },
      'POST /api/admin/mfa/confirm': { code: '123456' },
      'POST /api/admin/mfa/verify': { code: '123456' },
      'POST /api/admin/fleet/add-car': fleetCarTemplate,
      'POST /api/admin/fleet/:serviceId/update-car': fleetCarTemplate,
      'POST /api/staff/push/subscriptions': {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        expirationTime: null,
        keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'a'.repeat(22) },
      },
      'POST /api/staff/push/subscriptions/remove': {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      },
    };
  });
  afterAll(async () => {
    await app?.close();
    await stripeApp?.close();
    await stripe?.close();
    await database?.drop();
  });

  const db = () => database.handle.db;

  /** A new customer's booking and its open sandbox checkout: the id the checkout routes take. */
  const openCheckout = async (): Promise<string> => {
    const slot = slots[nextSlot++];
    if (!slot) throw new Error('out of free slots');
    const { browser } = await signedInBrowser(app, db(), NOW);
    const appointmentId = await bookOk(browser, bookingRequest(teslaS, slot));
    const response = await browser.post('/api/user/create-checkout-session', { appointmentId });
    expect(response.statusCode, response.body).toBe(200);
    return new URL(response.json<{ url: string }>().url).pathname.split('/')[4] as string;
  };

  /** The route's path with believable ids: a real car, a fresh open checkout. */
  const validUrl = async (route: RouteEntry): Promise<string> => {
    const checkout = route.url.includes('/sandbox/:id') ? await openCheckout() : '';
    const car = route.url.startsWith('/api/admin/fleet/') ? fleetCar : teslaS;
    return fillParams(route.url, (name) => (name === 'serviceId' ? car : checkout));
  };

  interface Attempt {
    method: string;
    url: string;
    /** A visitor (false), a customer (true), or an owner who passed the second factor. */
    signedIn: boolean | 'owner';
    csrf: boolean;
    payload?: string | Buffer;
    contentType?: string;
    headers?: Record<string, string>;
  }

  /**
   * Sends one request as a new visitor, customer or owner, checks the answer, and checks that a
   * refused request left the database as it was.
   */
  const send = async (
    attempt: Attempt,
    target: FastifyInstance = app,
  ): Promise<LightMyRequestResponse> => {
    const browser =
      attempt.signedIn === 'owner'
        ? (await signedInOwner(target, db(), NOW)).browser
        : attempt.signedIn
          ? (await signedInBrowser(target, db(), NOW)).browser
          : new Browser(target);
    if (attempt.csrf) await browser.csrfToken();
    const before = await databaseFingerprint(db());
    const headers: Record<string, string> = { ...attempt.headers };
    if (attempt.contentType !== undefined) headers['content-type'] = attempt.contentType;
    const response = await browser.request(
      {
        method: attempt.method as 'GET',
        url: attempt.url,
        headers,
        ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
      },
      { csrf: attempt.csrf },
    );
    expectCleanAnswer(response, attempt);
    if (response.statusCode >= 400) {
      expect(await databaseFingerprint(db()), `${attempt.method} ${attempt.url}`).toBe(before);
    }
    return response;
  };

  /**
   * Who sends: a visitor, a customer or an owner. Owner routes get an owner most often, so the
   * generated input reaches their handlers past the guard.
   */
  const callerFor = (route: RouteEntry) =>
    fc.record({
      signedIn: fc.oneof(
        {
          weight: route.url.startsWith('/api/admin/') ? 6 : 1,
          arbitrary: fc.constant('owner' as const),
        },
        { weight: 2, arbitrary: fc.boolean() },
      ),
      csrf: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, fc.constant(false)),
    });

  /** Runs one property on every route, the route first in any counterexample. */
  const onEveryRoute = async <T>(
    pick: (route: RouteEntry) => boolean,
    arbitrary: (route: RouteEntry) => fc.Arbitrary<T>,
    check: (route: RouteEntry, value: T) => Promise<void>,
    numRuns = RUNS,
  ) => {
    const chosen = routes.filter(pick);
    expect(chosen.length).toBeGreaterThan(0);
    for (const route of chosen) {
      await fc.assert(
        fc.asyncProperty(fc.constant(route), arbitrary(route), (r, value) => check(r, value)),
        { numRuns },
      );
    }
  };
  const withoutHead = (route: RouteEntry) => route.method !== 'HEAD';
  const posts = (route: RouteEntry) => route.method === 'POST';

  it('attacks every registered route, the known ones included', () => {
    const listed = routes.map((route) => `${route.method} ${route.url}`);
    expect(listed.length).toBeGreaterThanOrEqual(KNOWN_ROUTES.length);
    expect(listed).toEqual(expect.arrayContaining(KNOWN_ROUTES));
  });

  it('answers generated JSON bodies cleanly', async () => {
    await onEveryRoute(
      withoutHead,
      (route) => fc.record({ who: callerFor(route), body: hostileJson }),
      async (route, { who, body }) => {
        await send({
          method: route.method,
          url: await validUrl(route),
          ...who,
          payload: body,
          contentType: 'application/json',
        });
      },
    );
  });

  it('answers a valid body with one field spoiled cleanly', async () => {
    await onEveryRoute(
      posts,
      (route) =>
        fc.record({
          who: callerFor(route),
          body: spoiledBody(templates[`${route.method} ${route.url}`] ?? {}),
        }),
      async (route, { who, body }) => {
        await send({
          method: route.method,
          url: await validUrl(route),
          ...who,
          payload: body,
          contentType: 'application/json',
        });
      },
      RUNS * 2,
    );
  });

  it('answers hostile ids and query strings cleanly', async () => {
    await onEveryRoute(
      () => true,
      (route) =>
        fc.record({ who: callerFor(route), id: hostileId, query: fc.option(hostileQuery) }),
      async (route, { who, id, query }) => {
        const url = fillParams(route.url, () => id) + (query === null ? '' : `?${query}`);
        await send({
          method: route.method,
          url,
          ...who,
          ...(route.method === 'POST' ? { payload: '{}', contentType: 'application/json' } : {}),
        });
      },
    );
  });

  it('refuses wrong content types, malformed JSON and empty bodies', async () => {
    const wrongType = fc.constantFrom(
      'text/plain',
      'text/plain; charset=utf-8',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'text/html',
      'application/octet-stream',
    );
    await onEveryRoute(
      posts,
      (route) =>
        fc.oneof(
          fc.record({
            kind: fc.constant('wrong type' as const),
            type: wrongType,
            body: hostileText,
          }),
          fc.record({
            kind: fc.constant('form' as const),
            type: fc.constant('application/x-www-form-urlencoded'),
            body: hostileQuery,
          }),
          fc.record({
            kind: fc.constant('malformed' as const),
            type: fc.constant('application/json'),
            // Any strict prefix of an object's JSON is not JSON.
            body: fc
              .tuple(spoiledBody(templates[`${route.method} ${route.url}`] ?? {}), fc.nat())
              .map(([json, cut]) => json.slice(0, cut % json.length)),
          }),
          fc.record({
            kind: fc.constant('no type' as const),
            type: fc.constant(undefined),
            body: fc.oneof(fc.constant(''), hostileText),
          }),
        ),
      async (route, { kind, type, body }) => {
        const response = await send({
          method: route.method,
          url: await validUrl(route),
          signedIn: true,
          csrf: true,
          payload: body,
          ...(type === undefined ? {} : { contentType: type }),
        });
        const readsMultipart = isUploadRoute(route.url) && type?.startsWith('multipart/');
        const refusedAsNotJson =
          (kind === 'wrong type' && !readsMultipart) ||
          (kind === 'form' && !isFormRoute(route.url)) ||
          (kind === 'no type' && body !== '');
        if (refusedAsNotJson) {
          expect(response.statusCode, response.body).toBe(415);
          expect(response.json()).toEqual({ success: false, message: JSON_REFUSED });
          return;
        }
        // A body of a type the route reads can outgrow the limit: then its size is refused
        // before its content.
        if (Buffer.byteLength(body) > BODY_LIMIT_BYTES) {
          expect(response.statusCode, response.body).toBe(413);
          expect(response.json()).toEqual({ success: false, message: TOO_LARGE });
          return;
        }
        if (kind === 'malformed' && !isWebhook(route.url)) {
          expect(response.statusCode, response.body).toBe(400);
          expect(response.json()).toEqual({ success: false, message: NOT_JSON });
        }
      },
    );
  });

  it('refuses a body just over the limit with 413, and takes one at the limit', async () => {
    const padded = (bytes: number) => {
      const start = '{"padding":"';
      return `${start}${'x'.repeat(bytes - start.length - 2)}"}`;
    };
    await onEveryRoute(
      posts,
      (route) =>
        fc.record({
          over: fc.integer({ min: 1, max: 4096 }),
          form: isFormRoute(route.url) ? fc.boolean() : fc.constant(false),
          who: callerFor(route),
        }),
      async (route, { over, form, who }) => {
        const contentType = form ? 'application/x-www-form-urlencoded' : 'application/json';
        const payload = form
          ? `name=${'x'.repeat(BODY_LIMIT_BYTES + over - 5)}`
          : padded(BODY_LIMIT_BYTES + over);
        expect(Buffer.byteLength(payload)).toBe(BODY_LIMIT_BYTES + over);
        const response = await send({
          method: route.method,
          url: route.url,
          ...who,
          payload,
          contentType,
        });
        expect(response.statusCode, response.body).toBe(413);
        expect(response.json()).toEqual({ success: false, message: TOO_LARGE });
      },
      4,
    );
    for (const route of routes.filter(posts)) {
      const payload = padded(BODY_LIMIT_BYTES);
      const response = await send({
        method: route.method,
        url: route.url,
        signedIn: true,
        csrf: true,
        payload,
        contentType: 'application/json',
      });
      expect(response.statusCode, `${route.url}: ${response.body}`).not.toBe(413);
    }
  });

  it('refuses form posts to the sandbox checkout that it cannot store', async () => {
    const formBody = fc
      .array(
        fc.tuple(
          fc.constantFrom('name', 'card', 'exp', 'cvc', '__proto__'),
          fc.oneof(hostileText, taintedText('Ann Rider')),
        ),
        {
          maxLength: 4,
        },
      )
      .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('pay', 'cancel'), formBody, async (action, payload) => {
        const id = await openCheckout();
        const response = await send({
          method: 'POST',
          url: `/api/payments/sandbox/${id}/${action}`,
          signedIn: false,
          csrf: false,
          payload,
          contentType: 'application/x-www-form-urlencoded',
        });
        expect([303, 400, 413], response.body).toContain(response.statusCode);
      }),
      { numRuns: 25 },
    );
  });

  it('names what it refuses: text the database cannot store, a bad or too long address', async () => {
    const refused = async (attempt: Attempt, status: number, message: string) => {
      const response = await send(attempt);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ success: false, message });
    };
    const booking = (overrides: Record<string, unknown>) =>
      JSON.stringify(bookingRequest(teslaS, { ...slots[0], ...overrides }));
    const post = { method: 'POST', signedIn: true, csrf: true, contentType: 'application/json' };
    for (const text of ['Logan\u0000Airport', '\uD83D Logan Airport']) {
      const payload = booking({ dropoffAddress: text });
      await refused(
        { ...post, url: '/api/user/book-appointment', payload },
        400,
        INVALID_TEXT_MESSAGE,
      );
    }
    await refused(
      { ...post, url: '/api/user/login', payload: '{"email":"a\\u0000@b.co","password":"x"}' },
      400,
      INVALID_TEXT_MESSAGE,
    );
    const get = { method: 'GET', signedIn: false, csrf: false };
    await refused({ ...get, url: '/api/service/%zz' }, 400, 'The address is not valid.');
    await refused(
      { ...get, url: `/api/service/${'a'.repeat(500)}` },
      414,
      'The address is too long.',
    );
  });

  it('answers other methods and unknown paths with a JSON 404', async () => {
    const paths = routes.map((route) => route.url);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.constantFrom(...paths),
        hostileId,
        fc.boolean(),
        async (method, path, id, unknown) => {
          const url = unknown ? `/api/${id}` : fillParams(path, () => id);
          const response = await send({ method, url, signedIn: false, csrf: true });
          expect([400, 404, 414], response.body).toContain(response.statusCode);
        },
      ),
      { numRuns: 60 },
    );
  });

  describe('with Stripe as the payment provider', () => {
    const signature = fc.oneof(
      hostileText,
      fc
        .tuple(fc.integer({ min: 0, max: 2 ** 33 }), fc.stringMatching(/^[0-9a-f]{0,80}$/))
        .map(([t, v1]) => `t=${t},v1=${v1}`),
    );

    it('refuses webhooks that Stripe did not sign, whatever the body', async () => {
      const body = fc.oneof(
        hostileJson,
        fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      );
      await fc.assert(
        fc.asyncProperty(body, fc.option(signature), async (payload, sig) => {
          const response = await send(
            {
              method: 'POST',
              url: '/api/payments/webhook',
              signedIn: false,
              csrf: false,
              payload,
              contentType: 'application/json',
              ...(sig === null ? {} : { headers: { 'stripe-signature': sig } }),
            },
            stripeApp,
          );
          if (Buffer.byteLength(payload) > BODY_LIMIT_BYTES) {
            expect(response.json()).toEqual({ success: false, message: TOO_LARGE });
          } else {
            expect(response.statusCode, response.body).toBe(400);
            expect(response.json()).toEqual({
              success: false,
              message: 'Invalid webhook signature',
            });
          }
        }),
        { numRuns: 60 },
      );
    });

    it('answers hostile payment lookups and checkouts cleanly', async () => {
      await fc.assert(
        fc.asyncProperty(
          hostileQuery,
          spoiledBody({ appointmentId: randomUUID() }),
          async (query, body) => {
            await send(
              {
                method: 'GET',
                url: `/api/user/stripe-payment-details?${query}`,
                signedIn: true,
                csrf: false,
              },
              stripeApp,
            );
            await send(
              {
                method: 'POST',
                url: '/api/user/create-checkout-session',
                signedIn: true,
                csrf: true,
                payload: body,
                contentType: 'application/json',
              },
              stripeApp,
            );
          },
        ),
        { numRuns: 40 },
      );
    });
  });
});
