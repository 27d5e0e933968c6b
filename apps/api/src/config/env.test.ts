import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS } from '@app/shared';
import { ConfigError, loadConfig } from './env.ts';
import { DEFAULT_TRAVEL_SETTINGS } from '../travel/drive-speed.ts';

const SECRET = 'x'.repeat(40);
// The shape of `npx web-push generate-vapid-keys`' keys: the configuration checks no more.
const VAPID = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) };

describe('configuration', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({ SESSION_SECRET: SECRET });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      publicBaseUrl: 'http://localhost:3000',
      business: DEFAULT_BUSINESS,
      stripe: undefined,
      session: { idleTimeoutMs: 7 * 86_400_000, maxAgeMs: 30 * 86_400_000 },
      rateLimits: { loginPerEmail: { max: 5, windowMs: 15 * 60_000 } },
    });
    expect(config.dataDir).toMatch(/var\/data$/);
  });

  it('reads durations, rate limits and business overrides', () => {
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      SESSION_IDLE_TIMEOUT: '90m',
      RATE_LIMIT_SIGNUP_PER_IP: '1000/1h',
      BUSINESS_PHONE: '508-555-0199',
      PUBLIC_BASE_URL: 'https://rides.example.com/',
    });
    expect(config.session.idleTimeoutMs).toBe(90 * 60_000);
    expect(config.rateLimits.signupPerIp).toEqual({ max: 1000, windowMs: 3_600_000 });
    expect(config.business.phone).toBe('508-555-0199');
    expect(config.publicBaseUrl).toBe('https://rides.example.com');
    expect(config.mail.from).toBe(`"${DEFAULT_BUSINESS.name}" <${DEFAULT_BUSINESS.email}>`);
  });

  it('gives a request a minute to arrive, and refuses a limit under a second', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).requestTimeoutMs).toBe(60_000);
    expect(loadConfig({ SESSION_SECRET: SECRET, REQUEST_TIMEOUT: '2m' }).requestTimeoutMs).toBe(
      120_000,
    );
    expect(() => loadConfig({ SESSION_SECRET: SECRET, REQUEST_TIMEOUT: '0s' })).toThrow(
      'REQUEST_TIMEOUT: must be at least 1s',
    );
  });

  it('reads the social profiles, hours and licence, and refuses a profile that is not http(s)', () => {
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      BUSINESS_INSTAGRAM_URL: 'https://www.instagram.com/norfolkrides',
      BUSINESS_HOURS: 'Every day, 5 AM to midnight',
    });
    expect(config.business.social).toEqual([
      { label: 'Instagram', href: 'https://www.instagram.com/norfolkrides' },
    ]);
    expect(config.business.hours).toBe('Every day, 5 AM to midnight');
    expect(config.business.licence).toBe(DEFAULT_BUSINESS.licence);
    expect(() => loadConfig({ SESSION_SECRET: SECRET, BUSINESS_X_URL: 'x.com/norfolk' })).toThrow(
      /BUSINESS_X_URL/,
    );
  });

  it('bounds unpaid holds per account and per address, and lapsed holds per account', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).holds).toEqual({
      perAccount: 3,
      perAddress: 6,
      lapsesPerAccount: { max: 3, windowMs: 24 * 3_600_000 },
    });
    const config = loadConfig({
      SESSION_SECRET: SECRET,
      HOLDS_PER_ACCOUNT: '2',
      HOLDS_PER_ADDRESS: '20',
      HOLD_LAPSES_PER_ACCOUNT: '5/12h',
    });
    expect(config.holds).toEqual({
      perAccount: 2,
      perAddress: 20,
      lapsesPerAccount: { max: 5, windowMs: 12 * 3_600_000 },
    });
    expect(() =>
      loadConfig({ SESSION_SECRET: SECRET, HOLDS_PER_ACCOUNT: '0', HOLD_LAPSES_PER_ACCOUNT: '3' }),
    ).toThrow(/HOLDS_PER_ACCOUNT[\s\S]*HOLD_LAPSES_PER_ACCOUNT: must look like 5\/15m/);
  });

  it('reads the server-side render budget, under its old name too', () => {
    const rendersPerSecond = (env: Record<string, string>) =>
      loadConfig({ SESSION_SECRET: SECRET, ...env }).ssrRendersPerSecond;
    expect(rendersPerSecond({})).toBe(200);
    expect(rendersPerSecond({ SSR_RENDERS_PER_SECOND: '50' })).toBe(50);
    // PAGE_DRAWS_PER_SECOND, its old name, counts while the new one is unset.
    expect(rendersPerSecond({ PAGE_DRAWS_PER_SECOND: '30' })).toBe(30);
    expect(rendersPerSecond({ SSR_RENDERS_PER_SECOND: '0', PAGE_DRAWS_PER_SECOND: '30' })).toBe(0);
    expect(() => rendersPerSecond({ SSR_RENDERS_PER_SECOND: 'many' })).toThrow(
      /SSR_RENDERS_PER_SECOND/,
    );
    expect(() => rendersPerSecond({ PAGE_DRAWS_PER_SECOND: '-1' })).toThrow(
      /PAGE_DRAWS_PER_SECOND/,
    );
  });

  it('stops with the full list of what is wrong', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', RATE_LIMIT_LOGIN_PER_IP: 'lots' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db', RATE_LIMIT_LOGIN_PER_IP: 'lots' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
      expect(message).toContain('RATE_LIMIT_LOGIN_PER_IP: must look like 5/15m (count/window)');
    }
  });

  it('refuses production without its secrets, real email, a public URL and Stripe', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('SESSION_SECRET: is required in production');
      expect(message).toContain('SMTP_URL: is required in production');
      expect(message).toContain('PUBLIC_BASE_URL: is required in production');
      expect(message).toContain('STRIPE_SECRET_KEY: is required in production');
      expect(message).toContain('TWILIO_ACCOUNT_SID: is required in production');
      expect(message).toContain('VAPID_PUBLIC_KEY: is required in production');
      expect(message).toContain('VAPID_SUBJECT: is required in production');
    }
    const production = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_BASE_URL: 'https://rides.example.com',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'twilio-auth-token-0123',
      TWILIO_FROM: '+17815550100',
      ...VAPID,
      VAPID_SUBJECT: 'mailto:owner@rides.example.com',
    });
    expect(production.isProduction).toBe(true);
    expect(production.push).toEqual({
      vapidKeys: { publicKey: VAPID.VAPID_PUBLIC_KEY, privateKey: VAPID.VAPID_PRIVATE_KEY },
      subject: 'mailto:owner@rides.example.com',
    });
    expect(production.twilio?.from).toBe('+17815550100');
    expect(production.stripe).toEqual({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
  });

  it("takes Google's Routes API with its key, and a stand-in's address outside production only", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).googleRoutes).toBeUndefined();
    expect(
      loadConfig({ SESSION_SECRET: SECRET, GOOGLE_ROUTES_API_KEY: 'routes-key' }).googleRoutes,
    ).toEqual({ apiKey: 'routes-key', baseUrl: undefined });
    const standIn = {
      GOOGLE_ROUTES_API_KEY: 'routes-key',
      GOOGLE_ROUTES_URL: 'http://127.0.0.1:9',
    };
    expect(loadConfig({ SESSION_SECRET: SECRET, ...standIn }).googleRoutes).toEqual({
      apiKey: 'routes-key',
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(() =>
      loadConfig({ SESSION_SECRET: SECRET, GOOGLE_ROUTES_URL: 'http://127.0.0.1:9' }),
    ).toThrow(/GOOGLE_ROUTES_URL: needs GOOGLE_ROUTES_API_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...standIn })).toThrow(
      /GOOGLE_ROUTES_URL: is for tests only/,
    );
  });

  it('sends the Stripe SDK to a stand-in only in tests, and only with keys', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ SESSION_SECRET: SECRET, ...keys }).stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
    });
    const standIn = { ...keys, STRIPE_API_URL: 'http://127.0.0.1:9' };
    expect(loadConfig({ SESSION_SECRET: SECRET, ...standIn }).stripe).toEqual({
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
    });
    expect(() =>
      loadConfig({ SESSION_SECRET: SECRET, STRIPE_API_URL: 'http://127.0.0.1:9' }),
    ).toThrow(/STRIPE_API_URL: needs STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...standIn })).toThrow(
      /STRIPE_API_URL: is for tests only/,
    );
  });

  it("takes the offline drive estimate's assumptions, within sense", () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).travel).toEqual(DEFAULT_TRAVEL_SETTINGS);
    const tuned = loadConfig({
      SESSION_SECRET: SECRET,
      TRAVEL_RUSH_MULTIPLIER: '1.8',
      TRAVEL_DAY_MPH: '40',
      TRAVEL_NIGHT_MPH: '50',
      TRAVEL_ROAD_FACTOR: '1.4',
    }).travel;
    expect(tuned).toEqual({
      ...DEFAULT_TRAVEL_SETTINGS,
      rushMultiplier: 1.8,
      dayMph: 40,
      nightMph: 50,
      roadFactor: 1.4,
    });
    expect(() => loadConfig({ SESSION_SECRET: SECRET, TRAVEL_RUSH_MULTIPLIER: '0.5' })).toThrow(
      /TRAVEL_RUSH_MULTIPLIER/,
    );
    expect(() => loadConfig({ SESSION_SECRET: SECRET, TRAVEL_DAY_MPH: 'fast' })).toThrow(
      /TRAVEL_DAY_MPH/,
    );
  });

  it('flags a chauffeur late 30 minutes before pickup unless told otherwise', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).chauffeurLateMinutes).toBe(30);
    expect(
      loadConfig({ SESSION_SECRET: SECRET, CHAUFFEUR_LATE_MINUTES: '45' }).chauffeurLateMinutes,
    ).toBe(45);
    for (const bad of ['-1', '241', '7.5', 'soon'])
      expect(() => loadConfig({ SESSION_SECRET: SECRET, CHAUFFEUR_LATE_MINUTES: bad })).toThrow(
        /CHAUFFEUR_LATE_MINUTES/,
      );
  });

  it('takes a VAPID key pair, or none outside production (then made and kept beside the data)', () => {
    expect(loadConfig({ SESSION_SECRET: SECRET }).push).toEqual({
      vapidKeys: undefined,
      subject: `mailto:${DEFAULT_BUSINESS.email}`,
    });
    expect(loadConfig({ SESSION_SECRET: SECRET, ...VAPID }).push.vapidKeys).toEqual({
      publicKey: VAPID.VAPID_PUBLIC_KEY,
      privateKey: VAPID.VAPID_PRIVATE_KEY,
    });
    expect(() =>
      loadConfig({ SESSION_SECRET: SECRET, VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY }),
    ).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/);
    expect(() =>
      loadConfig({ SESSION_SECRET: SECRET, ...VAPID, VAPID_PRIVATE_KEY: 'short' }),
    ).toThrow(/VAPID_PRIVATE_KEY: must be a VAPID private key/);
    expect(() =>
      loadConfig({ SESSION_SECRET: SECRET, VAPID_SUBJECT: 'owner@example.com' }),
    ).toThrow(/VAPID_SUBJECT: must be a mailto: or https: address/);
  });

  it('wants both Stripe keys or neither', () => {
    expect(() => loadConfig({ SESSION_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/,
    );
  });
  it('takes a migration URL only beside DATABASE_URL', () => {
    const url = 'postgres://rides_app@db/rides';
    const migrationUrl = 'postgres://rides_owner@db/rides';
    expect(
      loadConfig({
        SESSION_SECRET: SECRET,
        DATABASE_URL: url,
        DATABASE_MIGRATION_URL: migrationUrl,
      }),
    ).toMatchObject({ databaseUrl: url, databaseMigrationUrl: migrationUrl });
    expect(() =>
      loadConfig({ SESSION_SECRET: SECRET, DATABASE_MIGRATION_URL: migrationUrl }),
    ).toThrow(/DATABASE_MIGRATION_URL: needs DATABASE_URL/);
  });
});
