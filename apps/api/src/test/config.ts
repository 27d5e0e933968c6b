import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BUSINESS } from '@app/shared';
import type { Config } from '../config/env.ts';
import { DEFAULT_TRAVEL_SETTINGS } from '../travel/drive-speed.ts';

/** A complete configuration for tests: no web build, a fixed secret, nothing read from the machine. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    isProduction: false,
    host: '127.0.0.1',
    port: 0,
    databaseUrl: undefined,
    databaseMigrationUrl: undefined,
    databasePoolSize: 20,
    ssrRendersPerSecond: 200,
    dataDir: 'memory://',
    seedDemo: true,
    publicBaseUrl: 'http://localhost:3000',
    sessionSecret: 'test-secret-that-is-long-enough-for-hmac-0123456789',
    webDistDir: '/nonexistent-web-dist',
    // One directory per test process; a test that reads photos back passes its own.
    uploadsDir: join(tmpdir(), `rides-test-uploads-${process.pid}`),
    logLevel: 'silent',
    trustProxy: false,
    requestTimeoutMs: 60_000,
    business: DEFAULT_BUSINESS,
    session: { idleTimeoutMs: 7 * 86_400_000, maxAgeMs: 30 * 86_400_000 },
    mail: {
      smtpUrl: undefined,
      from: '"Norfolk Rides" <support@norfolkrides.com>',
      dir: '/nonexistent-mail-dir',
    },
    googleClientId: undefined,
    webGoogleSignIn: false,
    webGoogleMaps: false,
    redisUrl: undefined,
    travel: DEFAULT_TRAVEL_SETTINGS,
    chauffeurLateMinutes: 30,
    calendarFeedDetails: 'addresses',
    rateLimits: {
      loginPerEmail: { max: 5, windowMs: 15 * 60_000 },
      loginPerIp: { max: 50, windowMs: 15 * 60_000 },
      signupPerIp: { max: 10, windowMs: 3_600_000 },
      resetPerEmail: { max: 3, windowMs: 3_600_000 },
      resetPerIp: { max: 10, windowMs: 15 * 60_000 },
      paymentPerIp: { max: 60, windowMs: 15 * 60_000 },
      quotePerIp: { max: 300, windowMs: 15 * 60_000 },
      tripPerIp: { max: 1000, windowMs: 60 * 60_000 },
      mfaPerSession: { max: 5, windowMs: 12 * 3_600_000 },
      mfaPerUser: { max: 5, windowMs: 15 * 60_000 },
      mfaPerIp: { max: 20, windowMs: 15 * 60_000 },
    },
    holds: {
      perAccount: 3,
      perAddress: 6,
      lapsesPerAccount: { max: 3, windowMs: 24 * 3_600_000 },
    },
    changeCutoffHours: 24,
    stripe: undefined,
    twilio: undefined,
    smsDir: '/nonexistent-sms-dir',
    // No keys: made once per test process (`vapidKeysFor`).
    push: { vapidKeys: undefined, subject: 'mailto:support@norfolkrides.com' },
    messages: {
      deliverEveryMs: 15_000,
      remindEveryMs: 60_000,
      leaseMs: 5 * 60_000,
      maxAttempts: 8,
      backoffMs: 30_000,
      reminderFirstMs: 24 * 3_600_000,
      reminderSecondMs: 2 * 3_600_000,
    },
    ...overrides,
  };
}
