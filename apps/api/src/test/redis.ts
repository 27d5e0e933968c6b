import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the Redis tests can run. Without a server they are skipped, except in CI, where a
 * missing server is a failure rather than a quiet skip.
 */
export async function redisAvailable(): Promise<boolean> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    connectTimeout: 1000,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    if (process.env.CI === 'true') {
      throw new Error(`CI needs Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL to change it)`);
    }
    console.warn(`Redis not reachable at ${TEST_REDIS_URL}: the Redis store tests are skipped`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other test run uses. */
export function uniqueRedisPrefix(): string {
  return `test:rl:${randomBytes(6).toString('hex')}:`;
}

/** The keys under a prefix, with a way to remove them all. */
export function redisKeys(prefix: string) {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
  const keys = async () => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    return found;
  };
  return {
    client,
    keys,
    async cleanUp() {
      const found = await keys();
      if (found.length > 0) await client.del(...found);
      await client.quit();
    },
  };
}
