import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import type { HoldLimits } from '@app/db';
import { DEFAULT_TRAVEL_SETTINGS, type TravelSettings } from '../travel/drive-speed.ts';
import {
  businessFromEnv,
  googleReviewUrlFromEnv,
  CALENDAR_FEED_DETAILS,
  type CalendarFeedDetails,
  DEFAULT_CHANGE_CUTOFF_HOURS,
  MAX_CHANGE_CUTOFF_HOURS,
  TRAVEL_SETTING_FIELDS,
  type Business,
  type TravelSettingKey,
} from '@app/shared';

/** The repository root: paths in the environment are relative to it. */
export const ROOT_DIR = resolve(import.meta.dirname, '../../../..');

/** A `TRAVEL_*` number: the bounds the owner's form keeps too, the estimate's default unset. */
const travelSetting = (key: TravelSettingKey) =>
  z.coerce
    .number()
    .min(TRAVEL_SETTING_FIELDS[key].min)
    .max(TRAVEL_SETTING_FIELDS[key].max)
    .default(DEFAULT_TRAVEL_SETTINGS[key]);

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const DURATION_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** `90s`, `15m`, `1h`, `30d`. */
const duration = z
  .string()
  .regex(/^\d+[smhd]$/, 'must be a duration such as 15m, 1h or 30d')
  .transform(
    (v) => Number(v.slice(0, -1)) * DURATION_UNITS_MS[v.at(-1) as keyof typeof DURATION_UNITS_MS],
  );

export interface RateLimit {
  max: number;
  windowMs: number;
}
/** `5/15m`: at most 5 in any 15 minutes. */
const rateLimit = z
  .string()
  .regex(/^\d+\/\d+[smhd]$/, 'must look like 5/15m (count/window)')
  .transform((v): RateLimit => {
    const [max, window] = v.split('/') as [string, string];
    return { max: Number(max), windowMs: duration.parse(window) };
  });

/** What Fastify's `trustProxy` takes: off, a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];
/** proxy-addr's names for address ranges, accepted beside addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/**
 * `false`; a hop count (`1`: one load balancer, which appends the address it saw); or a comma
 * list of the proxies' addresses or ranges. `true` means `1`: trusting every hop would take the
 * leftmost `X-Forwarded-For`, which the client writes.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, context): TrustProxy => {
    if (v === 'false' || v === '0') return false;
    if (v === 'true') return 1;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((entry) => entry.trim());
    const bad = list.find(
      (entry) =>
        !PROXY_RANGE_NAMES.has(entry) && !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry),
    );
    if (bad === undefined) return list;
    context.addIssue({
      code: 'custom',
      message: `must be false, a hop count (1 for one load balancer) or a comma list of proxy addresses or CIDR ranges ("${bad}" is none)`,
    });
    return z.NEVER;
  });

/** A social profile's address; blank hides the link. */
const profileSetting = z
  .string()
  .refine(
    (v) => v.trim() === '' || (/^https?:\/\//i.test(v.trim()) && URL.canParse(v.trim())),
    "must be an http(s) address of the business's own profile, or empty",
  )
  .optional();

const rendersPerSecond = z.coerce.number().int().min(0).max(100_000);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_MIGRATION_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
    SSR_RENDERS_PER_SECOND: rendersPerSecond.optional(),
    // The old name of SSR_RENDERS_PER_SECOND, still read when that is unset.
    PAGE_DRAWS_PER_SECOND: rendersPerSecond.optional(),
    DATA_DIR: z.string().min(1).default('var/data'),
    SEED_DEMO: flag.default(true),
    PUBLIC_BASE_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: trustProxy.default(false),
    REQUEST_TIMEOUT: duration
      .default(duration.parse('60s'))
      .refine((ms) => ms >= 1_000, 'must be at least 1s'),
    SESSION_IDLE_TIMEOUT: duration.default(duration.parse('7d')),
    SESSION_MAX_AGE: duration.default(duration.parse('30d')),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    MAIL_DIR: z.string().min(1).default('var/mail'),
    UPLOADS_DIR: z.string().min(1).default('var/uploads'),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    // Build-time settings of the site, read here only to know which Google scripts it loads.
    VITE_GOOGLE_CLIENT_ID: z.string().optional(),
    VITE_GOOGLE_MAPS_API_KEY: z.string().optional(),
    GOOGLE_ROUTES_API_KEY: z.string().min(1).optional(),
    // A stand-in of Google's Routes API, for tests (refused in production, below).
    GOOGLE_ROUTES_URL: z.url({ protocol: /^https?$/ }).optional(),
    // The offline drive estimate's assumptions (travel/drive-speed.ts), to tune from real rides.
    // Defaults: the owner's values saved from the console's Drive times take their place.
    TRAVEL_ROAD_FACTOR: travelSetting('roadFactor'),
    TRAVEL_DAY_MPH: travelSetting('dayMph'),
    TRAVEL_NIGHT_MPH: travelSetting('nightMph'),
    TRAVEL_RUSH_MULTIPLIER: travelSetting('rushMultiplier'),
    // How much of a ride a staff member's calendar feed tells their calendar.
    CALENDAR_FEED_DETAILS: z.enum(CALENDAR_FEED_DETAILS).default('addresses'),
    // Today flags a ride whose chauffeur has not tapped "On my way" this long before pickup.
    CHAUFFEUR_LATE_MINUTES: z.coerce.number().int().min(0).max(240).default(30),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    RATE_LIMIT_LOGIN_PER_EMAIL: rateLimit.default(rateLimit.parse('5/15m')),
    RATE_LIMIT_LOGIN_PER_IP: rateLimit.default(rateLimit.parse('50/15m')),
    RATE_LIMIT_SIGNUP_PER_IP: rateLimit.default(rateLimit.parse('10/1h')),
    RATE_LIMIT_RESET_PER_EMAIL: rateLimit.default(rateLimit.parse('3/1h')),
    RATE_LIMIT_RESET_PER_IP: rateLimit.default(rateLimit.parse('10/15m')),
    RATE_LIMIT_PAYMENT_PER_IP: rateLimit.default(rateLimit.parse('60/15m')),
    RATE_LIMIT_QUOTE_PER_IP: rateLimit.default(rateLimit.parse('300/15m')),
    RATE_LIMIT_TRIP_PER_IP: rateLimit.default(rateLimit.parse('1000/1h')),
    HOLDS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(3),
    HOLDS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(6),
    HOLD_LAPSES_PER_ACCOUNT: rateLimit.default(rateLimit.parse('3/24h')),
    CHANGE_CUTOFF_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_CHANGE_CUTOFF_HOURS)
      .default(DEFAULT_CHANGE_CUTOFF_HOURS),
    RATE_LIMIT_MFA_PER_SESSION: rateLimit.default(rateLimit.parse('5/12h')),
    RATE_LIMIT_MFA_PER_USER: rateLimit.default(rateLimit.parse('5/15m')),
    RATE_LIMIT_MFA_PER_IP: rateLimit.default(rateLimit.parse('20/15m')),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_...)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_...)')
      .optional(),
    /** Tests only: the Stripe SDK sent to a local stand-in (the fault tests' server processes). */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be a Twilio account SID (AC followed by 32 hex digits)')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16, 'must be a Twilio auth token').optional(),
    TWILIO_FROM: z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/,
        'must be an E.164 number (+17815550100) or a Messaging Service SID (MG...)',
      )
      .optional(),
    SMS_DIR: z.string().min(1).default('var/sms'),
    // Web push (modules/notifications/push): the business's VAPID key pair, base64url as
    // `npx web-push generate-vapid-keys` prints it, and who push services may contact.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a VAPID public key (87 base64url characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a VAPID private key (43 base64url characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
      .optional(),
    REMINDER_FIRST: duration.default(duration.parse('24h')),
    REMINDER_SECOND: duration.default(duration.parse('2h')),
    REMINDERS_EVERY: duration.default(duration.parse('1m')),
    MESSAGES_EVERY: duration.default(duration.parse('15s')),
    MESSAGES_LEASE: duration.default(duration.parse('5m')),
    MESSAGES_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
    MESSAGES_BACKOFF: duration.default(duration.parse('30s')),
    BUSINESS_NAME: z.string().optional(),
    BUSINESS_PHONE: z.string().optional(),
    BUSINESS_EMAIL: z.string().optional(),
    BUSINESS_STREET: z.string().optional(),
    BUSINESS_LOCALITY: z.string().optional(),
    BUSINESS_REGION: z.string().optional(),
    BUSINESS_POSTAL_CODE: z.string().optional(),
    BUSINESS_HOURS: z.string().optional(),
    BUSINESS_LICENCE: z.string().optional(),
    BUSINESS_FACEBOOK_URL: profileSetting,
    BUSINESS_INSTAGRAM_URL: profileSetting,
    BUSINESS_X_URL: profileSetting,
    BUSINESS_GOOGLE_REVIEW_URL: profileSetting,
  })
  .refine((env) => !env.DATABASE_MIGRATION_URL || env.DATABASE_URL, {
    path: ['DATABASE_MIGRATION_URL'],
    message: 'needs DATABASE_URL (the embedded database has no roles)',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SESSION_SECRET, {
    path: ['SESSION_SECRET'],
    message: 'is required in production (at least 32 random characters)',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.SMTP_URL, {
    path: ['SMTP_URL'],
    message: 'is required in production (password reset emails must really be sent)',
  })
  .refine((env) => Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET), {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.STRIPE_SECRET_KEY, {
    path: ['STRIPE_SECRET_KEY'],
    message: 'is required in production (the sandbox checkout is for development and tests only)',
  })
  .refine(
    (env) =>
      [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].every(Boolean) ||
      ![env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].some(Boolean),
    {
      path: ['TWILIO_ACCOUNT_SID'],
      message: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
    },
  )
  .refine((env) => env.NODE_ENV !== 'production' || env.TWILIO_ACCOUNT_SID, {
    path: ['TWILIO_ACCOUNT_SID'],
    message: 'is required in production (the SMS sandbox is for development and tests only)',
  })
  .refine((env) => Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY), {
    path: ['VAPID_PRIVATE_KEY'],
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.VAPID_PUBLIC_KEY, {
    path: ['VAPID_PUBLIC_KEY'],
    message:
      'is required in production (npx web-push generate-vapid-keys; development makes its own)',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.VAPID_SUBJECT, {
    path: ['VAPID_SUBJECT'],
    message: 'is required in production (mailto: or https: of whom push services may contact)',
  })
  .refine((env) => !env.GOOGLE_ROUTES_URL || env.GOOGLE_ROUTES_API_KEY, {
    path: ['GOOGLE_ROUTES_URL'],
    message: 'needs GOOGLE_ROUTES_API_KEY (without a key the estimate is offline only)',
  })
  .refine((env) => env.NODE_ENV !== 'production' || !env.GOOGLE_ROUTES_URL, {
    path: ['GOOGLE_ROUTES_URL'],
    message: "is for tests only (a stand-in of Google's Routes API): unset it in production",
  })
  .refine((env) => env.NODE_ENV !== 'production' || !env.STRIPE_API_URL, {
    path: ['STRIPE_API_URL'],
    message: 'is for tests only (a stand-in of Stripe): unset it in production',
  })
  .refine((env) => !env.STRIPE_API_URL || env.STRIPE_SECRET_KEY, {
    path: ['STRIPE_API_URL'],
    message: 'needs STRIPE_SECRET_KEY (without a key the sandbox takes payments)',
  })
  .refine((env) => env.REMINDER_SECOND < env.REMINDER_FIRST, {
    path: ['REMINDER_SECOND'],
    message: 'must be shorter than REMINDER_FIRST',
  })
  .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_BASE_URL, {
    path: ['PUBLIC_BASE_URL'],
    message: 'is required in production (links in emails are built from it)',
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  host: string;
  port: number;
  databaseUrl: string | undefined;
  /** The role that owns the schema and runs migrations; unset: `databaseUrl`'s role does. */
  databaseMigrationUrl: string | undefined;
  /** Connections to PostgreSQL this process may open. */
  databasePoolSize: number;
  /** Public pages rendered afresh a second, at most; more go out unrendered (plugins/web.ts). */
  ssrRendersPerSecond: number;
  dataDir: string;
  seedDemo: boolean;
  publicBaseUrl: string;
  sessionSecret: string;
  webDistDir: string;
  /** Where the cars' photos are written and served from (modules/fleet, plugins/uploads.ts). */
  uploadsDir: string;
  logLevel: string;
  /** Which `X-Forwarded-For` hops to believe (Fastify's `trustProxy`); `false` believes none. */
  trustProxy: TrustProxy;
  /** How long a request may take to arrive in full before it is answered 408 (slow senders). */
  requestTimeoutMs: number;
  business: Business;
  /** The business's Google review page, offered after any rating (`BUSINESS_GOOGLE_REVIEW_URL`). */
  googleReviewUrl?: string | null;
  session: { idleTimeoutMs: number; maxAgeMs: number };
  mail: { smtpUrl: string | undefined; from: string; dir: string };
  googleClientId: string | undefined;
  /** The site was built with VITE_GOOGLE_CLIENT_ID: it loads Google Identity Services. */
  webGoogleSignIn?: boolean;
  /** The site was built with VITE_GOOGLE_MAPS_API_KEY: it loads the Maps JS API (places). */
  webGoogleMaps?: boolean;
  redisUrl: string | undefined;
  rateLimits: {
    loginPerEmail: RateLimit;
    loginPerIp: RateLimit;
    signupPerIp: RateLimit;
    /** Reset requests; also, on counters of their own, requests for a new confirmation link. */
    resetPerEmail: RateLimit;
    /** Reset requests and uses; also, on counters of their own, confirmations and their resends. */
    resetPerIp: RateLimit;
    paymentPerIp: RateLimit;
    /** Quotes (`POST /api/service/:serviceId/quote`): each may ask Google's Routes API. */
    quotePerIp: RateLimit;
    /** Looks at live trip pages: one polling every 10 s for an hour is 360 (`modules/trips`). */
    tripPerIp: RateLimit;
    /** Wrong second-factor codes of one session (authenticator and recovery codes each). */
    mfaPerSession: RateLimit;
    /** Wrong authenticator codes of one account: met only by a session that failed, or from an address that did. */
    mfaPerUser: RateLimit;
    /** Wrong second-factor codes from one address (authenticator and recovery codes each). */
    mfaPerIp: RateLimit;
  };
  /**
   * Unpaid holds at once per account and per client address, and holds an account may let run
   * out unpaid within a window before it must wait (`book_hold`, ADR 012).
   */
  holds: HoldLimits;
  /** Customers reschedule or cancel a paid ride online up to this many hours before pickup. */
  changeCutoffHours: number;
  /** Stripe when both keys are set; otherwise the local sandbox checkout (never in production). */
  stripe: StripeSettings | undefined;
  /**
   * Google's Routes API for travel times when GOOGLE_ROUTES_API_KEY is set (`baseUrl`: a test's
   * stand-in); unset, the offline estimate alone (`travel/`).
   */
  googleRoutes?: { apiKey: string; baseUrl: string | undefined } | undefined;
  /**
   * The offline drive estimate's road factor, speeds and rush-hour multiplier (`TRAVEL_*`): the
   * defaults, until the owner saves their own (`modules/travel-settings`).
   */
  travel: TravelSettings;
  /** Minutes before pickup by which a chauffeur should have tapped "On my way" (Today says so). */
  chauffeurLateMinutes: number;
  /** How much of a ride a staff member's calendar feed tells (`CALENDAR_FEED_DETAILS`). */
  calendarFeedDetails: CalendarFeedDetails;
  /** Twilio when all three are set; otherwise texts go to files in `smsDir` (never in production). */
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  smsDir: string;
  /**
   * Web push to staff: the VAPID key pair (unset outside production: `developmentVapidKeys`
   * makes one and keeps it beside the data, so phones' subscriptions survive a restart) and the
   * contact push services see.
   */
  push: { vapidKeys: VapidKeys | undefined; subject: string };
  /** The outbox (docs/architecture.md, "Messages"). */
  messages: {
    deliverEveryMs: number;
    /** Between two runs of the reminders job. */
    remindEveryMs: number;
    leaseMs: number;
    maxAttempts: number;
    backoffMs: number;
    /** How long before pickup each reminder goes. */
    reminderFirstMs: number;
    reminderSecondMs: number;
  };
}

/** A VAPID key pair, base64url (web-push's `generateVAPIDKeys` makes them so). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value stops the server with the full list. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(ROOT_DIR, env.DATA_DIR);
  const business = businessFromEnv(env);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    ssrRendersPerSecond: env.SSR_RENDERS_PER_SECOND ?? env.PAGE_DRAWS_PER_SECOND ?? 200,
    dataDir,
    seedDemo: env.SEED_DEMO,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(dataDir),
    webDistDir: resolve(ROOT_DIR, env.WEB_DIST_DIR),
    uploadsDir: resolve(ROOT_DIR, env.UPLOADS_DIR),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT,
    business,
    googleReviewUrl: googleReviewUrlFromEnv(env),
    session: { idleTimeoutMs: env.SESSION_IDLE_TIMEOUT, maxAgeMs: env.SESSION_MAX_AGE },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `"${business.name}" <${business.email}>`,
      dir: resolve(ROOT_DIR, env.MAIL_DIR),
    },
    googleClientId: env.GOOGLE_CLIENT_ID,
    // The site treats a blank value as unset, and so does the server.
    webGoogleSignIn: Boolean(env.VITE_GOOGLE_CLIENT_ID?.trim()),
    webGoogleMaps: Boolean(env.VITE_GOOGLE_MAPS_API_KEY?.trim()),
    redisUrl: env.REDIS_URL,
    rateLimits: {
      loginPerEmail: env.RATE_LIMIT_LOGIN_PER_EMAIL,
      loginPerIp: env.RATE_LIMIT_LOGIN_PER_IP,
      signupPerIp: env.RATE_LIMIT_SIGNUP_PER_IP,
      resetPerEmail: env.RATE_LIMIT_RESET_PER_EMAIL,
      resetPerIp: env.RATE_LIMIT_RESET_PER_IP,
      paymentPerIp: env.RATE_LIMIT_PAYMENT_PER_IP,
      quotePerIp: env.RATE_LIMIT_QUOTE_PER_IP,
      tripPerIp: env.RATE_LIMIT_TRIP_PER_IP,
      mfaPerSession: env.RATE_LIMIT_MFA_PER_SESSION,
      mfaPerUser: env.RATE_LIMIT_MFA_PER_USER,
      mfaPerIp: env.RATE_LIMIT_MFA_PER_IP,
    },
    holds: {
      perAccount: env.HOLDS_PER_ACCOUNT,
      perAddress: env.HOLDS_PER_ADDRESS,
      lapsesPerAccount: env.HOLD_LAPSES_PER_ACCOUNT,
    },
    changeCutoffHours: env.CHANGE_CUTOFF_HOURS,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            ...stripeApiAt(env.STRIPE_API_URL),
          }
        : undefined,
    googleRoutes: env.GOOGLE_ROUTES_API_KEY
      ? { apiKey: env.GOOGLE_ROUTES_API_KEY, baseUrl: env.GOOGLE_ROUTES_URL }
      : undefined,
    travel: {
      ...DEFAULT_TRAVEL_SETTINGS,
      roadFactor: env.TRAVEL_ROAD_FACTOR,
      dayMph: env.TRAVEL_DAY_MPH,
      nightMph: env.TRAVEL_NIGHT_MPH,
      rushMultiplier: env.TRAVEL_RUSH_MULTIPLIER,
    },
    chauffeurLateMinutes: env.CHAUFFEUR_LATE_MINUTES,
    calendarFeedDetails: env.CALENDAR_FEED_DETAILS,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
          }
        : undefined,
    smsDir: resolve(ROOT_DIR, env.SMS_DIR),
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? `mailto:${business.email}`,
    },
    messages: {
      deliverEveryMs: env.MESSAGES_EVERY,
      remindEveryMs: env.REMINDERS_EVERY,
      leaseMs: env.MESSAGES_LEASE,
      maxAttempts: env.MESSAGES_MAX_ATTEMPTS,
      backoffMs: env.MESSAGES_BACKOFF,
      reminderFirstMs: env.REMINDER_FIRST,
      reminderSecondMs: env.REMINDER_SECOND,
    },
  };
}

/**
 * Outside production a secret is made once and kept beside the data, so tokens survive a
 * restart without anyone having to configure one.
 */
function developmentSecret(dataDir: string): string {
  const file = resolve(dirname(dataDir), 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Stripe's keys and, in tests, where its stand-in listens (the SDK's own option names). */
interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Where a stand-in of Stripe listens, as the SDK's options say it (`STRIPE_API_URL`, tests only). */
function stripeApiAt(url: string | undefined): Pick<StripeSettings, 'host' | 'port' | 'protocol'> {
  if (!url) return {};
  const at = new URL(url);
  const protocol = at.protocol === 'http:' ? 'http' : 'https';
  return { host: at.hostname, port: Number(at.port || (protocol === 'http' ? 80 : 443)), protocol };
}
