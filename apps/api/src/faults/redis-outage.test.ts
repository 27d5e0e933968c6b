import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_LOGIN_MESSAGE } from '../modules/auth/authenticate-user.ts';
import { FORGOT_PASSWORD_MESSAGE } from '../modules/auth/auth.routes.ts';
import { PASSWORD, uniqueEmail } from '../test/browser.ts';
import { serverEnv, waitFor } from '../test/load.ts';
import { redisAvailable, TEST_REDIS_URL } from '../test/redis.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';

const redisUp = await redisAvailable();

/** A fetch client with its own cookie and CSRF token, like a browser tab. */
function client(baseUrl: string) {
  let cookie = '';
  let csrf = '';
  const keepCookie = (response: Response) => {
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
  };
  const refreshCsrf = async () => {
    const response = await fetch(`${baseUrl}/api/csrf-token`, { headers: { cookie } });
    keepCookie(response);
    csrf = ((await response.json()) as { csrfToken: string }).csrfToken;
  };
  return {
    async post(path: string, body: unknown) {
      if (!csrf) await refreshCsrf();
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: JSON.stringify(body),
      });
      keepCookie(response);
      // A new cookie (sign-in) makes a new CSRF token.
      if (response.headers.get('set-cookie')) await refreshCsrf();
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}

/**
 * "Redis stopped": a TCP proxy stands between the server process and Redis, and the test cuts
 * it (refused and reset) or lets it go silent. Sign-in, signup, reset, checkout and feedback
 * keep answering as usual, counted per instance, and readiness says so.
 */
describe.skipIf(!redisUp)('Redis going away under a running server', () => {
  let proxy: TcpProxy;
  let server: ServerProcess;
  const tmp = mkdtempSync(join(tmpdir(), 'fault-redis-'));

  beforeAll(async () => {
    const direct = new URL(TEST_REDIS_URL);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 6379) });
    const proxied = new URL(TEST_REDIS_URL);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startServerProcess(
      serverEnv(tmp, {
        REDIS_URL: proxied.toString(),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        // Every run signs up and resets from 127.0.0.1, and Redis keeps counts across runs.
        RATE_LIMIT_SIGNUP_PER_IP: '1000/1m',
        RATE_LIMIT_RESET_PER_IP: '1000/1m',
      }),
    );
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const readiness = async () =>
    (await (await fetch(`${server.baseUrl}/api/health/ready`)).json()) as Record<string, unknown>;

  /** Every route that counts something answers as it would with Redis there. */
  const everyLimitedRouteAnswers = async () => {
    const email = uniqueEmail('redis-outage');
    const tab = client(server.baseUrl);
    const signup = await tab.post('/api/user/register', {
      name: 'Redis Rider',
      email,
      password: PASSWORD,
      phone: '555-123-4567',
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const wrong = await tab.post('/api/user/login', { email, password: 'not the password 1!' });
    expect(wrong).toEqual({
      status: 401,
      body: expect.objectContaining({ message: INVALID_LOGIN_MESSAGE }),
    });
    expect((await tab.post('/api/user/login', { email, password: PASSWORD })).status).toBe(200);
    expect(await tab.post('/api/user/forgot-password', { email })).toEqual({
      status: 200,
      body: expect.objectContaining({ message: FORGOT_PASSWORD_MESSAGE }),
    });
    const feedback = await tab.post('/api/feedback/leave-feedback', {
      feedback: 'Smooth ride.',
      rating: 5,
      isAnonymous: false,
      emoji: 'happy',
    });
    expect(feedback.status, JSON.stringify(feedback.body)).toBe(200);
    // Counted first, then looked up: an unknown appointment is 404, not a 500.
    const checkout = await tab.post('/api/user/create-checkout-session', {
      appointmentId: randomUUID(),
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(404);
  };

  it('counts in Redis while it is there', async () => {
    expect(await readiness()).toMatchObject({ status: 'ready', rateLimits: 'redis' });
    await everyLimitedRouteAnswers();
    expect(await readiness()).toMatchObject({ rateLimits: 'redis' });
  });

  it('keeps answering, counted per instance, while Redis refuses, and says so', async () => {
    await proxy.stop('reset');
    await everyLimitedRouteAnswers();
    expect(await readiness()).toEqual({
      status: 'ready',
      database: 'pglite',
      rateLimits: 'memory-fallback',
    });
    expect(server.output()).toContain('rate-limit store (Redis) unreachable');

    await proxy.start();
    await waitFor('the counters to be shared again', async () => {
      // A counted request is what tries Redis again.
      await client(server.baseUrl).post('/api/user/login', {
        email: 'nobody@example.com',
        password: 'not the password 1!',
      });
      return (await readiness()).rateLimits === 'redis';
    });
    expect(server.output()).toContain('rate-limit store (Redis) answers again');
  });

  it('keeps answering while Redis is silent (no reset, no refusal, no answer)', async () => {
    proxy.stall();
    await everyLimitedRouteAnswers();
    expect(proxy.droppedBytes).toBeGreaterThan(0);
    expect((await readiness()).rateLimits).toBe('memory-fallback');
    await proxy.stop('reset');
    await proxy.start();
  });
});
