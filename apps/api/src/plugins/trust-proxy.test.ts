import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@app/shared';
import { buildApp } from '../app.ts';
import { loadConfig, type TrustProxy } from '../config/env.ts';
import { INVALID_LOGIN_MESSAGE } from '../modules/auth/authenticate-user.ts';
import { Browser, uniqueAddress, uniqueEmail } from '../test/browser.ts';
import { MINUTE } from '../test/clock.ts';
import { testConfig } from '../test/config.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createMemoryStore } from './rate-limit.ts';

const SECRET = 'x'.repeat(40);
const trustProxyOf = (value: string) =>
  loadConfig({ SESSION_SECRET: SECRET, TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it('reads off, a hop count or a list of proxy addresses; `true` is one hop', () => {
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('0')).toBe(false);
    expect(trustProxyOf('true')).toBe(1);
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.5, 10.1.0.0/16,loopback')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(() => trustProxyOf('10.0.0.5, proxy.internal')).toThrow(
      /TRUST_PROXY: .*"proxy\.internal"/,
    );
  });

  /** The load balancer's own address, as the server sees the connection. */
  const BALANCER = '10.0.0.5';
  const settings: [string, TrustProxy][] = [
    ['one hop (TRUST_PROXY=1 or true)', trustProxyOf('true')],
    ['the balancer’s address (TRUST_PROXY=10.0.0.5)', trustProxyOf(BALANCER)],
  ];

  describe.each(settings)('behind one load balancer, trusting %s', (_, trustProxy) => {
    let database: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      database = await openTestDatabase('pglite', { seed: false });
      app = await buildApp({
        config: testConfig({
          trustProxy,
          rateLimits: { ...testConfig().rateLimits, loginPerIp: { max: 3, windowMs: 15 * MINUTE } },
        }),
        db: database.handle,
        rateLimitStore: createMemoryStore(),
      });
    });
    afterAll(async () => {
      await app.close();
      await database.drop();
    });

    it('keeps a client in its rate-limit bucket whatever leftmost X-Forwarded-For it forges', async () => {
      const client = uniqueAddress();
      // The balancer appends the address it saw to whatever the client sent.
      const through = (forged?: string) => ({
        remoteAddress: BALANCER,
        headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
      });
      const browser = new Browser(app);
      for (let i = 0; i < 3; i++) {
        const response = await browser.login(
          uniqueEmail('proxied'),
          'wrong password 1!',
          through(),
        );
        expect(response.json()).toMatchObject({ message: INVALID_LOGIN_MESSAGE });
      }
      for (const forged of [uniqueAddress(), uniqueAddress(), '127.0.0.1']) {
        const response = await browser.login(
          uniqueEmail('proxied'),
          'wrong password 1!',
          through(forged),
        );
        expect(response.statusCode).toBe(429);
        expect(response.json()).toMatchObject({ message: MESSAGES.tooManyLoginAttempts });
      }
      // Another client behind the same balancer has its own bucket.
      const other = await browser.login(uniqueEmail('proxied'), 'wrong password 1!', {
        remoteAddress: BALANCER,
        headers: { 'x-forwarded-for': uniqueAddress() },
      });
      expect(other.statusCode).toBe(401);
    });
  });
});
