import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../test/config.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';

/**
 * Sends raw bytes and reads the whole answer until the server closes the connection; with
 * `keepOpen`, the client's side stays open, as a slow sender's does.
 */
function raw(port: number, request: string, { keepOpen = false } = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>(
    (done, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        keepOpen ? socket.write(request) : socket.end(request),
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((line) => {
            const at = line.indexOf(':');
            return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
          }),
        );
        done({ status: Number(statusLine.split(' ')[1]), headers, body });
      });
    },
  );
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'permissions-policy',
];

/** Short, so that the test of a slow sender is quick. */
const REQUEST_TIMEOUT_MS = 300;

describe('requests Node’s HTTP parser refuses', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    database = await openTestDatabase('pglite', { seed: false });
    app = await buildApp({
      config: { ...testConfig(), requestTimeoutMs: REQUEST_TIMEOUT_MS },
      db: database.handle,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const expectLikeEveryOtherAnswer = async (
    answer: Awaited<ReturnType<typeof raw>>,
    message: string,
  ) => {
    const usual = await raw(
      port,
      'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(usual.status).toBe(200);
    for (const name of SECURITY_HEADERS) {
      expect(answer.headers[name], name).toBe(usual.headers[name]);
    }
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual({ success: false, message });
  };

  it('answers a malformed request 400 with the security headers and the usual JSON shape', async () => {
    const answer = await raw(port, 'NOT A REQUEST\r\n\r\n');
    expect(answer.status).toBe(400);
    await expectLikeEveryOtherAnswer(answer, 'The request could not be read.');
  });

  it('answers 408 the same way a request that has not arrived in full by the timeout', async () => {
    // The headers came, the promised body never does: the connection is not held past the limit.
    const answer = await raw(
      port,
      'POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em',
      { keepOpen: true },
    );
    expect(answer.status).toBe(408);
    await expectLikeEveryOtherAnswer(answer, 'The request took too long to arrive.');
  });

  it('answers oversized headers 431 the same way', async () => {
    const answer = await raw(
      port,
      `GET / HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    await expectLikeEveryOtherAnswer(answer, 'The request headers are too large.');
  });
});
