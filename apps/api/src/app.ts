import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DbHandle } from '@app/db';
import type { Config } from './config/env.ts';
import { clientAddressHasher, trustProxyFor } from './lib/client-address.ts';
import {
  loggerOptions,
  registerRequestId,
  registerSecurityEvents,
  requestIdFor,
  type LoggerSettings,
} from './logging.ts';
import { registerAuth } from './plugins/auth.ts';
import { clientErrorHandler } from './plugins/client-error.ts';
import { registerCsrf } from './plugins/csrf.ts';
import { registerErrorHandler, sendFrameworkError } from './plugins/error-handler.ts';
import { createLimiter } from './plugins/rate-limit.ts';
import { registerInvalidTextRefusal } from './plugins/refuse-invalid-text.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { sessionCookieFor } from './plugins/session-cookie.ts';
import { secretBox } from './lib/secret-box.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerWeb } from './plugins/web.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { visitorProfile } from './modules/account/get-user-profile.ts';
import { registerOwnerRoutes } from './modules/owners/owners.routes.ts';
import { TOTP_SECRET_PURPOSE } from './modules/owners/mfa.ts';
import { createAppointmentChanges } from './modules/appointments/appointment-changes.ts';
import { registerAppointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { fulfilCheckout } from './modules/appointments/fulfil-checkout.ts';
import { registerBillRoutes } from './modules/bills/bills.routes.ts';
import { settleBalanceLink } from './modules/bills/settle-balance-link.ts';
import { registerReceiptRoutes } from './modules/receipts/receipts.routes.ts';
import { registerCustomerRideRoutes } from './modules/appointments/ride.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { findSessionUser, sessionPolicies } from './modules/auth/sessions.ts';
import { sessionStarter } from './modules/auth/start-session.ts';
import { registerChauffeurRoutes } from './modules/chauffeurs/chauffeurs.routes.ts';
import { registerCalendarFeedRoutes } from './modules/calendar-feeds/calendar-feeds.routes.ts';
import { registerBlockRoutes } from './modules/blocks/blocks.routes.ts';
import { registerDriveRoutes } from './modules/drive/drive.routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { tripLinks } from './modules/trips/trip-link.ts';
import { registerTripRoutes } from './modules/trips/trips.routes.ts';
import { registerFleetRoutes } from './modules/fleet/fleet.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerMessageRoutes } from './modules/notifications/messages.routes.ts';
import { registerPushRoutes } from './modules/notifications/push/push.routes.ts';
import { messageRecorder, type RecordMessages } from './modules/notifications/record-messages.ts';
import { registerSmsWebhook } from './modules/notifications/sms/sms-webhook.routes.ts';
import { registerNumbersRoutes } from './modules/numbers/numbers.routes.ts';
import { registerOwnerFeedbackRoutes } from './modules/owner-feedback/owner-feedback.routes.ts';
import type { FulfilCheckout } from './modules/payments/payment-provider.ts';
import { registerPaymentWebhook } from './modules/payments/payments.routes.ts';
import { registerSandboxCheckout } from './modules/payments/sandbox.routes.ts';
import { createServiceListCache } from './modules/service/service-list-cache.ts';
import { registerRideRoutes } from './modules/rides/rides.routes.ts';
import { registerReviewRoutes } from './modules/reviews/reviews.routes.ts';
import { registerServiceRoutes } from './modules/service/service.routes.ts';
import { registerQuoteRoutes } from './modules/quotes/quotes.routes.ts';
import { reachFromBookings } from './modules/quotes/reach.ts';
import { offlineDrive } from './modules/appointments/reach-drive.ts';
import { registerRefundPolicyRoutes } from './modules/refund-policy/refund-policy.routes.ts';
import { registerTravelSettingsRoutes } from './modules/travel-settings/travel-settings.routes.ts';
import { travelSettingsFrom } from './modules/travel-settings/travel-settings-source.ts';
import {
  buildOutsideServices,
  type OutsideServiceOverrides,
  type OutsideServices,
} from './outside-services.ts';

/** The largest request body taken (JSON or form): far above any real request, refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Outside services are made from the configuration unless a test passes its own stand-in. */
export interface AppDeps extends OutsideServiceOverrides {
  config: Config;
  db: DbHandle;
  /** The clock every rule reads; tests pass a fixed one. */
  now?: () => Date;
  /** Fastify's logger (pino, with logging.ts's rules); off in tests. */
  logger?: boolean | LoggerSettings;
  /** How long another instance's booking may take to show in the service list. */
  serviceListMaxAgeMs?: number;
}

/** The app, and what its jobs share with it (server.ts): one of each. */
export interface AssembledApp {
  app: FastifyInstance;
  services: OutsideServices;
  recordMessages: RecordMessages;
}

/** Builds the whole application without listening, so tests can drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await assembleApp(deps)).app;
}

/** `buildApp`, answering also what the server's jobs use: the same services, the same recorder. */
export async function assembleApp(deps: AppDeps): Promise<AssembledApp> {
  const { config, db, now = () => new Date(), logger = false, serviceListMaxAgeMs = 1000 } = deps;
  const app: FastifyInstance = Fastify({
    logger: logger && loggerOptions(logger === true ? {} : logger),
    genReqId: requestIdFor,
    trustProxy: trustProxyFor(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // A bad or too long URL is refused before routing: answer it like every other error.
    frameworkErrors: sendFrameworkError,
    // What Node's HTTP parser refuses (400, 408, 431), answered in the same shape and headers.
    clientErrorHandler: clientErrorHandler(config),
    // A request must arrive in full within this (Fastify's default is no limit), so a client
    // that trickles its bytes cannot hold a connection. Node reads the limit when the server is
    // made (set later, it is not enforced), so it goes to Node too; checked each second, not 30.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, config.requestTimeoutMs),
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });

  // 1. Dependencies: outside services (from the configuration unless a test passes its own),
  //    and what the route modules share.
  // The offline estimate's settings: the owner's saved numbers over `TRAVEL_*`, read per request.
  const travel = travelSettingsFrom(db.db, config.travel);
  const services = buildOutsideServices(config, { db, log: app.log, now, travel }, deps);
  const { mailer, payments, googleVerifier, rateLimitStore: store } = services;
  app.addHook('onClose', async () => services.close());
  const limiter = createLimiter(store);
  const cookie = sessionCookieFor(config.isProduction);
  const policies = sessionPolicies(config.session);
  const startSession = sessionStarter({ db: db.db, cookie, policies, now });
  const serviceList = createServiceListCache(db.db, { maxAgeMs: serviceListMaxAgeMs, now });
  const recordMessages = messageRecorder({ ownerEmail: config.business.email });
  // Every change of an appointment: its transaction, with its audit events and messages, then
  // the service list, whose slots the change may take or free.
  const appointmentChanges = createAppointmentChanges({
    db: db.db,
    recordMessages,
    onChanged: () => serviceList.invalidate(),
  });
  // A checkout's outcome, however it arrives: the webhook, the success page, the sandbox page.
  // A payment link's checkout pays a ride's bill (`modules/bills`), never a booking.
  const fulfil: FulfilCheckout = (session, at, log) =>
    session.purpose === 'balance'
      ? settleBalanceLink(db.db, recordMessages, session, at)
      : fulfilCheckout(appointmentChanges, { db: db.db, payments }, session, at, log);
  // Every committed change of a car (the fleet, a block): the list and the pages rendered from
  // it follow.
  const onServiceChanged = () => serviceList.invalidate();

  // 2. Plugins, in the order their hooks run.
  registerRequestId(app);
  registerSecurityHeaders(app, config);
  registerErrorHandler(app);
  // Bodies are JSON (and the forms of the sandbox page); plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  await app.register(fastifyCookie);
  registerCsrf(app, { secret: config.sessionSecret, cookie });
  const auth = registerAuth(app, {
    cookie,
    findSessionUser: (token) => findSessionUser(db.db, token, now(), policies),
  });
  registerSecurityEvents(app);
  registerInvalidTextRefusal(app);

  // 3. Route modules.
  registerHealthRoutes(app, db, store);
  registerServiceRoutes(app, serviceList, now);
  registerQuoteRoutes(app, {
    serviceList,
    limiter,
    quotesPerIp: config.rateLimits.quotePerIp,
    travelTime: services.travelTime,
    offlineTravelTime: services.offlineTravelTime,
    phone: config.business.phone,
    canReach: reachFromBookings(db.db, async () => offlineDrive(await travel.current()), now),
    now,
  });
  registerAuthRoutes(app, {
    db: db.db,
    limiter,
    limits: config.rateLimits,
    mailer,
    cookie,
    startSession,
    policies,
    googleVerifier,
    publicBaseUrl: config.publicBaseUrl,
    business: config.business,
    now,
  });
  registerAccountRoutes(app, {
    db: db.db,
    auth,
    limiter,
    signupsPerIp: config.rateLimits.signupPerIp,
    linksPerIp: config.rateLimits.resetPerIp,
    linksPerEmail: config.rateLimits.resetPerEmail,
    now,
  });
  registerFeedbackRoutes(app, { db: db.db, limiter, now });
  registerAppointmentRoutes(app, {
    db: db.db,
    payments,
    limiter,
    paymentsPerIp: config.rateLimits.paymentPerIp,
    holdLimits: config.holds,
    routes: {
      travelTime: services.travelTime,
      phone: config.business.phone,
      travel,
    },
    hashClientAddress: clientAddressHasher(config.sessionSecret),
    publicBaseUrl: config.publicBaseUrl,
    changes: appointmentChanges,
    fulfil,
    now,
  });
  const trips = tripLinks(config.sessionSecret);
  const tripUrl = (rideId: string) => `${config.publicBaseUrl}/trip/${trips.tokenOf(rideId)}`;
  registerCustomerRideRoutes(app, {
    db: db.db,
    tripToken: trips.tokenOf,
    limiter,
    policy: { cutoffHours: config.changeCutoffHours, phone: config.business.phone },
    travel,
    calendar: { business: config.business, publicBaseUrl: config.publicBaseUrl },
    changes: appointmentChanges,
    payments,
    now,
  });
  registerOwnerRoutes(app, {
    db: db.db,
    totpSecrets: secretBox(config.sessionSecret, TOTP_SECRET_PURPOSE),
    limiter,
    limits: config.rateLimits,
    cookie,
    issuer: config.business.name,
    now,
  });
  registerAuditRoutes(app, { db: db.db });
  registerChauffeurRoutes(app, { db: db.db, now });
  registerRideRoutes(app, {
    db: db.db,
    payments,
    changes: appointmentChanges,
    travel,
    chauffeurLateMinutes: config.chauffeurLateMinutes,
    now,
  });
  registerDriveRoutes(app, { db: db.db, limiter, changes: appointmentChanges, tripUrl, now });
  registerTripRoutes(app, {
    db: db.db,
    limiter,
    links: trips,
    looksPerIp: config.rateLimits.tripPerIp,
    travel,
    now,
  });
  registerBlockRoutes(app, { db: db.db, now, onSlotsChanged: onServiceChanged });
  registerCalendarFeedRoutes(app, {
    db: db.db,
    business: config.business,
    publicBaseUrl: config.publicBaseUrl,
    details: config.calendarFeedDetails,
    now,
  });
  registerPushRoutes(app, {
    db: db.db,
    publicKey: () => services.push.publicKey,
    isProduction: config.isProduction,
    now,
  });
  registerOwnerFeedbackRoutes(app, { db: db.db });
  registerReviewRoutes(app, {
    db: db.db,
    limiter,
    googleReviewUrl: config.googleReviewUrl ?? null,
    onReviewsChanged: () => serviceList.invalidate(),
    publicReviews: async () => ({ success: true, ...(await serviceList.get()).reviews }),
    now,
  });
  registerNumbersRoutes(app, { db: db.db, travel, now });
  registerTravelSettingsRoutes(app, { db: db.db, defaults: config.travel, travel, now });
  registerRefundPolicyRoutes(app, { db: db.db, now });
  registerMessageRoutes(app, { db: db.db, now });
  registerReceiptRoutes(app, { db: db.db, business: config.business });
  registerBillRoutes(app, {
    db: db.db,
    payments,
    recordMessages,
    publicBaseUrl: config.publicBaseUrl,
    limiter,
    now,
  });
  await registerPaymentWebhook(app, { db: db.db, payments, fulfil, now });
  await registerFleetRoutes(app, {
    db: db.db,
    uploadsDir: config.uploadsDir,
    onServiceChanged,
    now,
  });
  registerUploads(app, config.uploadsDir);
  if (payments.name === 'sandbox')
    await registerSandboxCheckout(app, { db: db.db, business: config.business, fulfil, now });
  // Texts to the business's number (STOP, START, HELP): only with Twilio, whose token signs them.
  if (config.twilio)
    await registerSmsWebhook(app, {
      db: db.db,
      authToken: config.twilio.authToken,
      publicBaseUrl: config.publicBaseUrl,
      business: config.business,
      now,
    });
  // Last: the built site, which answers every GET the API does not.
  await registerWeb(app, config.webDistDir, {
    serviceList,
    visitorOf: (request) => visitorProfile(db.db, auth, request),
    now,
    rendersPerSecond: config.ssrRendersPerSecond,
  });

  return { app, services, recordMessages };
}
