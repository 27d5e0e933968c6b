import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '@app/db';
import type { Config } from './config/env.ts';
import { createMailer, type Mailer } from './email/transport.ts';
import { createGoogleVerifier, type GoogleVerifier } from './modules/auth/google-verifier.ts';
import {
  createSandboxSmsSender,
  createTwilioSender,
  type SmsSender,
} from './modules/notifications/sms/sms-sender.ts';
import { createWebPushSender, type PushSender } from './modules/notifications/push/push-sender.ts';
import { vapidKeysFor } from './modules/notifications/push/vapid-keys.ts';
import type { PaymentProvider } from './modules/payments/payment-provider.ts';
import type { TravelSettingsSource } from './modules/travel-settings/travel-settings-source.ts';
import { createSandboxProvider } from './modules/payments/sandbox-provider.ts';
import { createStripeProvider } from './modules/payments/stripe-provider.ts';
import { createMemoryStore, createRedisStore, type RateLimitStore } from './plugins/rate-limit.ts';
import { createFallbackTravelTime } from './travel/fallback-travel-time.ts';
import { createGoogleRoutesTravelTime } from './travel/google-routes.ts';
import { createOfflineTravelTime, type OfflineTravelTime } from './travel/offline-travel-time.ts';
import type { TravelTime } from './travel/travel-time.ts';

/** What the app and its jobs reach outside the process: each made once, from the configuration. */
export interface OutsideServices {
  mailer: Mailer;
  /** Texts: only the jobs send them, so it is made when first asked for (see below). */
  readonly sms: SmsSender;
  /**
   * Web pushes to staff, with the VAPID keys (development's own when unset), made on first use.
   * Tests pass one whose agent trusts their local push service (`test/push-service.ts`).
   */
  readonly push: PushSender;
  payments: PaymentProvider;
  rateLimitStore: RateLimitStore;
  /** Undefined without GOOGLE_CLIENT_ID: Google sign-in is off. */
  googleVerifier: GoogleVerifier | undefined;
  /** Drive times: Google's Routes API when GOOGLE_ROUTES_API_KEY is set, falling back to the offline estimate. */
  travelTime: TravelTime;
  /**
   * The offline estimate alone, for many drives at once (a day's grid of starts in a quote),
   * where a call to Google per start is out of the question.
   */
  offlineTravelTime: OfflineTravelTime;
  /** Closes what was made here; what a test passed in is its own to close. */
  close(): Promise<void>;
}

/** Stand-ins a test passes instead of the real services. */
export type OutsideServiceOverrides = Partial<Omit<OutsideServices, 'close'>>;

/**
 * The one place outside services are made (app.ts calls it; server.ts's jobs use what the app
 * made): the configured service, or its local sandbox outside production.
 */
export function buildOutsideServices(
  config: Config,
  /** `travel`: the offline estimate's settings in force, asked once per drive. */
  deps: { db: DbHandle; log: FastifyBaseLogger; now: () => Date; travel: TravelSettingsSource },
  overrides: OutsideServiceOverrides = {},
): OutsideServices {
  const { db, log, now } = deps;
  const rateLimitStore =
    overrides.rateLimitStore ??
    (config.redisUrl
      ? createRedisStore(config.redisUrl, undefined, { log })
      : createMemoryStore(() => now().getTime()));
  const mailer = overrides.mailer ?? createMailer({ ...config.mail, log });
  const googleVerifier =
    overrides.googleVerifier ??
    (config.googleClientId ? createGoogleVerifier({ clientId: config.googleClientId }) : undefined);
  const payments = overrides.payments ?? paymentProviderFor(config, db, now);
  const offlineTravelTime =
    overrides.offlineTravelTime ?? createOfflineTravelTime(() => deps.travel.current());
  const travelTime = overrides.travelTime ?? travelTimeFor(config, offlineTravelTime, log, now);
  // Made on first use: the app sends no texts, and a test's production config has no Twilio.
  let sms = overrides.sms;
  let push = overrides.push;
  return {
    mailer,
    get sms() {
      sms ??= smsSenderFor(config);
      return sms;
    },
    get push() {
      push ??= createWebPushSender({ keys: vapidKeysFor(config), subject: config.push.subject });
      return push;
    },
    payments,
    rateLimitStore,
    googleVerifier,
    travelTime,
    offlineTravelTime,
    async close() {
      if (!overrides.rateLimitStore) await rateLimitStore.close();
      if (!overrides.mailer) mailer.close();
    },
  };
}

/** Twilio when configured; the sandbox (texts as files) only outside production. */
function smsSenderFor(config: Config): SmsSender {
  if (config.twilio) return createTwilioSender(config.twilio);
  if (config.isProduction) throw new Error('Texts need TWILIO_ACCOUNT_SID in production');
  return createSandboxSmsSender(config.smsDir);
}

/** Stripe when configured; the sandbox only outside production (the config refuses it there). */
function paymentProviderFor(config: Config, db: DbHandle, now: () => Date): PaymentProvider {
  if (config.stripe) return createStripeProvider(config.stripe);
  if (config.isProduction) throw new Error('Payments need STRIPE_SECRET_KEY in production');
  return createSandboxProvider({ db: db.db, publicBaseUrl: config.publicBaseUrl, now });
}

/** The offline estimate, behind Google's Routes API when a key is set. */
function travelTimeFor(
  config: Config,
  offline: TravelTime,
  log: FastifyBaseLogger,
  now: () => Date,
): TravelTime {
  if (!config.googleRoutes) return offline;
  return createFallbackTravelTime({
    google: createGoogleRoutesTravelTime({ ...config.googleRoutes, now }),
    offline,
    // The reason only: the addresses are the customer's. No route is an address, not an outage.
    onFallback: (reason, error) =>
      log[reason === 'no route' ? 'info' : 'warn'](
        { reason, detail: error instanceof Error ? error.message : undefined },
        'Travel time: Google Routes not used, offline estimate instead',
      ),
  });
}
