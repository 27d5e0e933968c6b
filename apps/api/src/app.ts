import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DbHandle } from '@app/db';
import type { Config } from './config/env.ts';
import { createMailer, type Mailer } from './email/transport.ts';
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
import {
  createLimiter,
  createMemoryStore,
  createRedisStore,
  type RateLimitStore,
} from './plugins/rate-limit.ts';
import { registerInvalidTextRefusal } from './plugins/refuse-invalid-text.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { sessionCookieFor } from './plugins/session-cookie.ts';
import { secretBox } from './lib/secret-box.ts';
import { registerUploads } from './plugins/uploads.ts';
import { registerWeb } from './plugins/web.ts';
import { registerAccountRoutes } from './modules/account/account.routes.ts';
import { visitorProfile } from './modules/account/get-user-profile.ts';
import { registerAdminRoutes } from './modules/admin/admin.routes.ts';
import { TOTP_SECRET_PURPOSE } from './modules/admin/second-factor.ts';
import { registerAppointmentRoutes } from './modules/appointments/appointments.routes.ts';
import { registerCustomerRideRoutes } from './modules/appointments/ride.routes.ts';
import type { OnAppointmentChanged } from './modules/appointments/status.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createGoogleVerifier, type GoogleVerifier } from './modules/auth/google-verifier.ts';
import { findSessionUser, sessionPolicies } from './modules/auth/sessions.ts';
import { sessionStarter } from './modules/auth/start-session.ts';
import { registerBlockRoutes } from './modules/blocks/blocks.routes.ts';
import { registerFeedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { registerFleetRoutes } from './modules/fleet/fleet.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerMessageRoutes } from './modules/notifications/messages.routes.ts';
import { messageRecorder } from './modules/notifications/record-messages.ts';
import {
  createSandboxSmsSender,
  createTwilioSender,
  type SmsSender,
} from './modules/notifications/sms/sms-sender.ts';
import { registerSmsWebhook } from './modules/notifications/sms/sms-webhook.routes.ts';
import { registerNumbersRoutes } from './modules/numbers/numbers.routes.ts';
import { registerOwnerFeedbackRoutes } from './modules/owner-feedback/owner-feedback.routes.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import { registerPaymentWebhook } from './modules/payments/payments.routes.ts';
import { createSandboxProvider } from './modules/payments/sandbox-provider.ts';
import { registerSandboxCheckout } from './modules/payments/sandbox.routes.ts';
import { createStripeProvider } from './modules/payments/stripe-provider.ts';
import { createServiceListCache } from './modules/service/service-list-cache.ts';
import { registerRideRoutes } from './modules/rides/rides.routes.ts';
import { registerServiceRoutes } from './modules/service/service.routes.ts';

/** The largest request body taken (JSON or form): far above any real request, refused with 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** The clock every rule reads; tests pass a fixed one. */
  now?: () => Date;
  /** Fastify's logger (pino, with logging.ts's rules); off in tests. */
  logger?: boolean | LoggerSettings;
  /** How long another instance's booking may take to show in the service list. */
  serviceListMaxAgeMs?: number;
  /** Outside services, replaceable in tests; made from the configuration otherwise. */
  mailer?: Mailer;
  googleVerifier?: GoogleVerifier;
  rateLimitStore?: RateLimitStore;
  payments?: PaymentProvider;
}

/** Builds the whole application without listening, so tests can drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
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
  const store =
    deps.rateLimitStore ??
    (config.redisUrl
      ? createRedisStore(config.redisUrl, undefined, { log: app.log })
      : createMemoryStore(() => now().getTime()));
  const limiter = createLimiter(store);
  const mailer = deps.mailer ?? createMailer({ ...config.mail, log: app.log });
  const googleVerifier =
    deps.googleVerifier ??
    (config.googleClientId ? createGoogleVerifier({ clientId: config.googleClientId }) : undefined);
  const payments = deps.payments ?? paymentProviderFor(config, db, now);
  app.addHook('onClose', async () => {
    if (!deps.rateLimitStore) await store.close();
    if (!deps.mailer) mailer.close();
  });
  const cookie = sessionCookieFor(config.isProduction);
  const policies = sessionPolicies(config.session);
  const startSession = sessionStarter({ db: db.db, cookie, policies, now });
  const serviceList = createServiceListCache(db.db, { maxAgeMs: serviceListMaxAgeMs, now });
  // Every committed change of an appointment's status (a slot taken or freed, a payment).
  const onAppointmentChanged: OnAppointmentChanged = () => serviceList.invalidate();
  const recordMessages = messageRecorder({ ownerEmail: config.business.email });
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
  registerServiceRoutes(app, serviceList);
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
    now,
  });
  registerFeedbackRoutes(app, { db: db.db, limiter, now });
  registerAppointmentRoutes(app, {
    db: db.db,
    payments,
    limiter,
    paymentsPerIp: config.rateLimits.paymentPerIp,
    holdLimits: config.holds,
    hashClientAddress: clientAddressHasher(config.sessionSecret),
    publicBaseUrl: config.publicBaseUrl,
    onAppointmentChanged,
    recordMessages,
    now,
  });
  registerCustomerRideRoutes(app, {
    db: db.db,
    limiter,
    policy: { cutoffHours: config.changeCutoffHours, phone: config.business.phone },
    calendar: { business: config.business, publicBaseUrl: config.publicBaseUrl },
    recordMessages,
    onAppointmentChanged,
    now,
  });
  registerAdminRoutes(app, {
    db: db.db,
    totpSecrets: secretBox(config.sessionSecret, TOTP_SECRET_PURPOSE),
    limiter,
    limits: config.rateLimits,
    issuer: config.business.name,
    now,
  });
  registerAuditRoutes(app, { db: db.db });
  registerRideRoutes(app, { db: db.db, payments, recordMessages, onAppointmentChanged, now });
  registerBlockRoutes(app, { db: db.db, now, onSlotsChanged: onServiceChanged });
  registerOwnerFeedbackRoutes(app, { db: db.db });
  registerNumbersRoutes(app, { db: db.db, now });
  registerMessageRoutes(app, { db: db.db, now });
  await registerPaymentWebhook(app, {
    db: db.db,
    payments,
    onAppointmentChanged,
    recordMessages,
    now,
  });
  await registerFleetRoutes(app, {
    db: db.db,
    uploadsDir: config.uploadsDir,
    onServiceChanged,
    now,
  });
  registerUploads(app, config.uploadsDir);
  if (payments.name === 'sandbox')
    await registerSandboxCheckout(app, {
      db: db.db,
      business: config.business,
      payments,
      onAppointmentChanged,
      recordMessages,
      now,
    });
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

  return app;
}

/** Twilio when configured; the sandbox (texts as files) only outside production. */
export function smsSenderFor(config: Config): SmsSender {
  if (config.twilio) return createTwilioSender(config.twilio);
  if (config.isProduction) throw new Error('Texts need TWILIO_ACCOUNT_SID in production');
  return createSandboxSmsSender(config.smsDir);
}

/** Stripe when configured; the sandbox only outside production (the config refuses it there). */
export function paymentProviderFor(config: Config, db: DbHandle, now: () => Date): PaymentProvider {
  if (config.stripe) return createStripeProvider(config.stripe);
  if (config.isProduction) throw new Error('Payments need STRIPE_SECRET_KEY in production');
  return createSandboxProvider({ db: db.db, publicBaseUrl: config.publicBaseUrl, now });
}
