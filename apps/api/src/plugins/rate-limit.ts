import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimit } from '../config/env.ts';
import { AppError } from '../errors.ts';

/*
 * Fixed-window counters: in memory for one instance, in Redis (REDIS_URL) when several
 * instances must share them. Our own small limiter rather than @fastify/rate-limit because the
 * login limits count failed attempts only and are keyed by the submitted email (ADR 005).
 */

/**
 * The counter key of an email address: its SHA-256, so a shared store (Redis) never holds the
 * addresses people typed.
 */
export function emailKey(scope: string, email: string): string {
  return `${scope}:email:${createHash('sha256').update(email).digest('hex')}`;
}

/**
 * Every counter's key, named for what it counts. The strings are what the stores hold (Redis
 * keeps them across deploys): change one and its counts start again from zero.
 */
export const rateLimitKeys = {
  /** Failed sign-ins (password or Google) from one client address. */
  loginByIp: (ip: string) => `login:ip:${ip}`,
  /** Failed password sign-ins for one email. */
  loginByEmail: (email: string) => emailKey('login', email),
  signupByIp: (ip: string) => `signup:ip:${ip}`,
  /** Forgot- and reset-password requests from one client address. */
  resetByIp: (ip: string) => `reset:ip:${ip}`,
  resetByEmail: (email: string) => emailKey('reset', email),
  /** Address confirmations and requests for a new confirmation link from one client address. */
  verifyByIp: (ip: string) => `verify-email:ip:${ip}`,
  /** Requests for a new confirmation link for one email. */
  verifyByEmail: (email: string) => emailKey('verify-email', email),
  /** Checkout and payment-result requests from one client address. */
  paymentByIp: (ip: string) => `payment:ip:${ip}`,
  /** Quotes (a ride's price from its route) from one client address: each may ask Google. */
  quoteByIp: (ip: string) => `quote:ip:${ip}`,
  feedbackByUser: (userId: string) => `feedback:user:${userId}`,
  /** A customer's review posts (`modules/reviews`). */
  reviewsByUser: (userId: string) => `review:user:${userId}`,
  /** A customer's reschedules and cancellations of their rides. */
  rideChangesByUser: (userId: string) => `ride-change:user:${userId}`,
  billPaymentsByUser: (userId: string) => `bill-payment:user:${userId}`,
  /** Looks at live trip pages (`modules/trips`) from one client address. */
  tripByIp: (ip: string) => `trip:ip:${ip}`,
  /** A chauffeur's taps and position reports (`modules/drive`). */
  driveByUser: (userId: string) => `drive:user:${userId}`,
  /** Wrong authenticator codes for one staff account: the ceiling of sessions that failed. */
  mfaByUser: (userId: string) => `mfa:user:${userId}`,
  /** Wrong authenticator codes for one account from one client address. */
  mfaByUserAtIp: (userId: string, ip: string) => `mfa:user-ip:${userId}:${ip}`,
  /** Wrong authenticator codes of one session. */
  mfaBySession: (sessionId: string) => `mfa:session:${sessionId}`,
  /** Wrong authenticator codes from one client address, across accounts. */
  mfaByIp: (ip: string) => `mfa:ip:${ip}`,
  /** Wrong recovery codes of one session: their own count, never the authenticator's. */
  recoveryBySession: (sessionId: string) => `mfa-recovery:session:${sessionId}`,
  /** Wrong recovery codes from one client address. */
  recoveryByIp: (ip: string) => `mfa-recovery:ip:${ip}`,
};

/** Where counts are kept right now: the health check reports it. */
export type RateLimitStoreState = 'memory' | 'redis' | 'memory-fallback';

export interface RateLimitStore {
  /** Adds one to a key's count and answers the count in the current window. */
  increment(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
  state(): RateLimitStoreState;
}

export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const counter = counters.get(key);
    if (counter && counter.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };
  // Expired counters would otherwise pile up under a spray of distinct keys.
  const sweep = setInterval(() => {
    for (const key of counters.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    async increment(key, windowMs) {
      const counter = live(key) ?? { count: 0, resetAt: now() + windowMs };
      counter.count += 1;
      counters.set(key, counter);
      return counter.count;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
    state: () => 'memory',
  };
}

/** What the Redis store says about an outage (pino's `warn` and `info`). */
export interface StoreLog {
  warn(message: string): void;
  info(message: string): void;
}

export interface RedisStoreOptions {
  /** Longest wait for a connection or an answer before counting in this instance instead. */
  timeoutMs?: number;
  /** After a failure, how long to count locally before asking Redis again. */
  retryAfterMs?: number;
  log?: StoreLog;
  now?: () => number;
}

/** A Redis that has not answered within this long is treated as away (docs/deploy.md). */
export const REDIS_TIMEOUT_MS = 500;

/**
 * Counters shared in Redis. When Redis cannot be reached (refused, or silent for `timeoutMs`),
 * this instance counts on its own in memory, logs a warning once, and tries Redis again after
 * `retryAfterMs`: with N instances a limit then allows at most N times its count for the
 * outage, which is still a limit, whereas refusing would make a Redis outage a sign-in,
 * signup, reset, checkout and feedback outage (docs/security.md, "Rate limits").
 */
export function createRedisStore(
  url: string,
  prefix = 'rl:',
  options: RedisStoreOptions = {},
): RateLimitStore {
  const { timeoutMs = REDIS_TIMEOUT_MS, retryAfterMs = 5_000, log, now = Date.now } = options;
  const redis = new Redis(url, {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    // Fail at once while disconnected rather than queue the request behind a reconnect.
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Connection errors are answered per command below (the fallback); without a listener
  // ioredis would print each one.
  redis.on('error', () => {});
  // The first commands wait (briefly) for the first connection instead of falling back.
  const firstConnection = new Promise<void>((done) => {
    redis.once('ready', () => done());
    setTimeout(done, timeoutMs).unref();
  });
  const local = createMemoryStore(now);
  let localUntil = 0;
  let away = false;

  const attempt = async <T>(viaRedis: () => Promise<T>, viaLocal: () => Promise<T>) => {
    await firstConnection;
    if (now() >= localUntil && redis.status === 'ready') {
      try {
        const result = await viaRedis();
        if (away) log?.info('rate-limit store (Redis) answers again: counters are shared again');
        away = false;
        return result;
      } catch {
        // Refused, reset or silent: fall through to this instance's own counts.
      }
    }
    if (!away)
      log?.warn(
        'rate-limit store (Redis) unreachable: counting per instance until it answers again',
      );
    away = true;
    if (now() >= localUntil) localUntil = now() + retryAfterMs;
    return viaLocal();
  };

  return {
    increment: (key, windowMs) =>
      attempt(
        async () => {
          // One round trip: count, and start the window's expiry on the first hit only.
          const [[error, count] = [null, 0]] = (await redis
            .multi()
            .incr(prefix + key)
            .pexpire(prefix + key, windowMs, 'NX')
            .exec()) as [[Error | null, number]];
          if (error) throw error;
          return Number(count);
        },
        () => local.increment(key, windowMs),
      ),
    count: (key) =>
      attempt(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => local.count(key),
      ),
    reset: (key) =>
      attempt(
        async () => {
          await redis.del(prefix + key);
          await local.reset(key);
        },
        () => local.reset(key),
      ),
    async close() {
      await local.close();
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
    state: () => (away ? 'memory-fallback' : 'redis'),
  };
}

export interface Limiter {
  /** Refuses with 429 when the key is already at its limit (a failure counter, say). */
  check(key: string, limit: RateLimit, message: string): Promise<void>;
  /** Counts one more; refuses with 429 past the limit (counts every attempt). */
  consume(key: string, limit: RateLimit, message: string): Promise<void>;
  /** Counts one more without refusing (a failure that just happened). */
  record(key: string, limit: RateLimit): Promise<void>;
  /** The key's count in its current window. */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createLimiter(store: RateLimitStore): Limiter {
  return {
    async check(key, limit, message) {
      if ((await store.count(key)) >= limit.max) throw AppError.tooManyRequests(message);
    },
    async consume(key, limit, message) {
      if ((await store.increment(key, limit.windowMs)) > limit.max)
        throw AppError.tooManyRequests(message);
    },
    async record(key, limit) {
      await store.increment(key, limit.windowMs);
    },
    count: (key) => store.count(key),
    reset: (key) => store.reset(key),
  };
}
