import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CsrfTokenResponseSchema, ProfileResponseSchema } from '@app/shared';

type Payload = Record<string, unknown> | unknown[] | string;

export interface RequestOptions {
  /** Send the CSRF header (the default for POST). A string sends that value instead. */
  csrf?: boolean | string;
  headers?: Record<string, string>;
  /** Overrides the browser's address for this one request. */
  remoteAddress?: string;
}

let addressCounter = 0;

/** A distinct client address, so rate limits keyed by IP never leak from one test to another. */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid % 200) + 1}.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

/** A fresh address for an account that no other test uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export const PASSWORD = 'correct horse 1!';

/**
 * Drives the app the way the web client does: keeps its cookies between requests, fetches
 * `/api/csrf-token` before the first state change and sends it as `X-CSRF-Token`, and fetches
 * it again whenever the cookie changes (sign-in and sign-out rotate it).
 */
export class Browser {
  readonly app: FastifyInstance;
  readonly address: string;
  private readonly cookies = new Map<string, string>();
  private csrf: string | undefined;

  constructor(app: FastifyInstance, options: { address?: string } = {}) {
    this.app = app;
    this.address = options.address ?? uniqueAddress();
  }

  /** The session cookie's current value, if any. */
  get sid(): string | undefined {
    return this.cookies.get('sid');
  }

  /** Replaces the cookie jar's session cookie (an attacker replaying a stolen cookie). */
  setSid(value: string | undefined): void {
    if (value === undefined) this.cookies.delete('sid');
    else this.cookies.set('sid', value);
    this.csrf = undefined;
  }

  /** The CSRF token of the current cookie, fetched when not known yet. */
  async csrfToken(): Promise<string> {
    if (this.csrf === undefined) {
      const response = await this.request({ method: 'GET', url: '/api/csrf-token' });
      expect(response.statusCode).toBe(200);
      this.csrf = CsrfTokenResponseSchema.parse(response.json()).csrfToken;
    }
    return this.csrf;
  }

  async request(
    options: InjectOptions & { url: string },
    extra: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string>) };
    // The token first: fetching it may set the first cookie, which this request must then carry.
    if (extra.csrf !== undefined && extra.csrf !== false) {
      headers['x-csrf-token'] =
        typeof extra.csrf === 'string' ? extra.csrf : await this.csrfToken();
    }
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookieHeader) headers.cookie = cookieHeader;
    Object.assign(headers, extra.headers);
    const response = await this.app.inject({
      ...options,
      headers,
      remoteAddress: extra.remoteAddress ?? this.address,
    });
    this.remember(response);
    return response;
  }

  get(url: string, extra: RequestOptions = {}): Promise<LightMyRequestResponse> {
    return this.request({ method: 'GET', url }, extra);
  }

  /** A POST with the CSRF header unless `csrf: false`. */
  post(
    url: string,
    payload?: Payload,
    extra: RequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    return this.request(
      { method: 'POST', url, ...(payload === undefined ? {} : { payload }) },
      { csrf: true, ...extra },
    );
  }

  register(
    input: { name?: string; email: string; password?: string; phone?: string },
    extra?: RequestOptions,
  ) {
    return this.post(
      '/api/user/register',
      { name: 'Test Rider', password: PASSWORD, phone: '555-123-4567', ...input },
      extra,
    );
  }

  login(email: string, password = PASSWORD, extra?: RequestOptions) {
    return this.post('/api/user/login', { email, password }, extra);
  }

  logout(extra?: RequestOptions) {
    return this.post('/api/user/logout', {}, extra);
  }

  /** The signed-in user's profile, or null for a visitor. */
  async profile(): Promise<Record<string, unknown> | null> {
    const response = await this.get('/api/user/profile');
    expect(response.statusCode).toBe(200);
    // The schema checks the shape; the test reads the answer as sent.
    ProfileResponseSchema.parse(response.json());
    return response.json<{ user: Record<string, unknown> | null }>().user;
  }

  /** Registers and signs in a new account, failing the test if either step fails. */
  async signUpAndIn(email = uniqueEmail(), password = PASSWORD): Promise<string> {
    const registered = await this.register({ email, password });
    expect(registered.statusCode, registered.body).toBe(200);
    const loggedIn = await this.login(email, password);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    return email;
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const cleared =
        cookie.value === '' ||
        (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
        (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      const before = this.cookies.get(cookie.name);
      if (cleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
      // A new (or removed) cookie means a new CSRF token: the old one is bound to the old cookie.
      if (before !== this.cookies.get(cookie.name)) this.csrf = undefined;
    }
  }
}

/**
 * Asserts the one failure shape: `{ success: false, message }`, nothing else (but the `about`
 * fields given, such as the `rideId` in the way), no stack.
 */
export function expectFailure(
  response: LightMyRequestResponse,
  status: number,
  message?: string | RegExp,
  about: { rideId?: string } = {},
): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body).sort()).toEqual(['message', 'success', ...Object.keys(about)].sort());
  for (const [key, value] of Object.entries(about)) expect(body[key]).toBe(value);
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(body.message).not.toBe('');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|stack/i);
}

/** Asserts a success answer carrying this message. */
export function expectSuccess(response: LightMyRequestResponse, message?: string): void {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<Record<string, unknown>>();
  expect(body.success).toBe(true);
  if (message !== undefined) expect(body.message).toBe(message);
}
