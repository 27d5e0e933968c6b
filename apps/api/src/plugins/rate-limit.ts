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
  /** Checkout and payment-result requests from one client address. */
  paymentByIp: (ip: string) => `payment:ip:${ip}`,
  feedbackByUser: (userId: string) => `feedback:user:${userId}`,
  /** A customer's reschedules and cancellations of their rides. */
  rideChangesByUser: (userId: string) => `ride-change:user:${userId}`,
  /** Wrong second-factor codes (TOTP or recovery) for one owner account. */
  mfaByUser: (userId: string) => `mfa:user:${userId}`,
  /** Wrong second-factor codes from one client address. */
  mfaByIp: (ip: string) => `mfa:ip:${ip}`,
};

export interface RateLimitStore {
  /** Adds one to a key's count and answers the count in the current window. */
  increment(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
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
  };
}

export function createRedisStore(url: string, prefix = 'rl:'): RateLimitStore {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  return {
    async increment(key, windowMs) {
      // One round trip: count, and start the window's expiry on the first hit only.
      const [[, count] = [null, 0]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[Error | null, number]];
      return Number(count);
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

export interface Limiter {
  /** Refuses with 429 when the key is already at its limit (a failure counter, say). */
  check(key: string, limit: RateLimit, message: string): Promise<void>;
  /** Counts one more; refuses with 429 past the limit (counts every attempt). */
  consume(key: string, limit: RateLimit, message: string): Promise<void>;
  /** Counts one more without refusing (a failure that just happened). */
  record(key: string, limit: RateLimit): Promise<void>;
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
    reset: (key) => store.reset(key),
  };
}
