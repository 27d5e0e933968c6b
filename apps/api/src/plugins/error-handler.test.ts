import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { AppError } from '../errors.ts';
import { testConfig } from '../test/config.ts';
import { openTestDatabase, type TestDatabase } from '../test/databases.ts';

describe('error answers', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  let cookie: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite', { seed: false });
    app = await buildApp({ config: testConfig(), db: database.handle });
    app.post('/api/test/echo', async (request) => ({ success: true, body: request.body }));
    app.get('/api/test/conflict', async () => {
      throw AppError.conflict('That slot was just taken.');
    });
    app.get('/api/test/crash', async () => {
      throw new Error('connection string postgres://secret@db leaked?');
    });
    const response = await app.inject('/api/csrf-token');
    token = response.json<{ csrfToken: string }>().csrfToken;
    cookie = `sid=${response.cookies[0]?.value}`;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/nothing/here?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        message: `Not found: ${method} /api/nothing/here`,
      });
    }
  });

  it('keeps the message of a 4xx raised by domain code', async () => {
    const response = await app.inject('/api/test/conflict');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ success: false, message: 'That slot was just taken.' });
  });

  it('answers a crash generically, without internals', async () => {
    const response = await app.inject('/api/test/crash');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(response.body).not.toContain('postgres://');
  });

  it('refuses malformed JSON, a wrong content type and an oversized body with clear 4xx', async () => {
    const headers = { cookie, 'x-csrf-token': token };
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"oops": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      success: false,
      message: 'The request body is not valid JSON.',
    });

    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().success).toBe(false);

    const huge = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ notes: 'x'.repeat(100 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, message: 'The request is too large.' });
  });
});
