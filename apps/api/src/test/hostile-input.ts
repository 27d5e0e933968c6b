import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '@app/db';

/** One method of one registered route, its path as declared (`/api/service/:serviceId`). */
export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the app registered, read from Fastify's own route tree: a route added tomorrow is
 * attacked tomorrow without anyone remembering to list it.
 */
export function registeredRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (parents[depth - 1] ?? '') + (match[2] ?? '');
    parents[depth] = url;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(',')) {
      if (method.trim()) routes.push({ method: method.trim(), url });
    }
  }
  return routes;
}

/** The route's path with every `:param` replaced. */
export function fillParams(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => value(name));
}

/** Percent-encodes any text as its UTF-8 bytes (lone surrogates too, which encodeURI refuses). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Generated hostile values. Bodies are built as JSON text, not objects, so that `__proto__`
// stays an own key and numbers JSON.stringify cannot write (1e999, -0) reach the server.

const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\uFEFF',
  '💥🚗👩‍👩‍👧',
  'Ω≈ç√∫˜µ≤≥÷',
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'true',
  '[]',
  '{}',
  '1e309',
  '-0',
  '0x10',
  ' 42 ',
  '00000000-0000-0000-0000-000000000000',
  '2026-02-30',
  '31_2_2027',
  '25:99 PM',
];

const anyText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXTS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer().map(String),
);

/** Long enough to pass any length check's limit, short enough to stay under the body limit. */
const hugeText = fc
  .tuple(fc.constantFrom('x', 'é', '💥', '\u0000', 'a b '), fc.integer({ min: 300, max: 8000 }))
  .map(([unit, times]) => unit.repeat(times));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: anyText },
  { weight: 1, arbitrary: hugeText },
);

/** JSON text of a number, including ones that parse to Infinity, -0 or lose precision. */
const numberJson = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom('1e308', '-1e308', '1e999', '-0', '0.1e-400', '9007199254740993', '5.0000001'),
);

const scalarJson = fc.oneof(
  { weight: 4, arbitrary: hostileText.map((text) => JSON.stringify(text)) },
  { weight: 2, arbitrary: numberJson },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null') },
);

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '__defineGetter__',
    '',
    '\u0000',
    '$where',
  ),
  fc.string({ maxLength: 12 }),
);

const objectJson = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

/** Nesting deep enough to break a recursive walker, within the body limit. */
const deepJson = fc
  .tuple(fc.boolean(), fc.integer({ min: 50, max: 8000 }))
  .map(([arrays, depth]) =>
    arrays
      ? '['.repeat(depth) + ']'.repeat(depth)
      : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** Any JSON text: scalars, arrays, objects with hostile keys, deep nesting. */
export const hostileJson: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarJson,
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(objectJson),
    deepJson,
  ),
})).value;

/** Characters that break naive handling: NUL (PostgreSQL refuses it), lone surrogates, quotes. */
const hostileFragment = fc.oneof(
  { weight: 3, arbitrary: fc.constant('\u0000') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\uD800',
      '\u202E',
      '\uFEFF',
      '💥',
      "'",
      '"',
      '\\',
      '%00',
      '\n',
      '\r\n',
    ),
  },
);

/** A believable value with a hostile character slipped in, so it still passes the format checks. */
export function taintedText(base: string): fc.Arbitrary<string> {
  return fc
    .tuple(hostileFragment, fc.nat({ max: base.length }))
    .map(([fragment, at]) => base.slice(0, at) + fragment + base.slice(at));
}

/** The value in another type: a number as a string, a string as a number or an array. */
function retyped(value: unknown): fc.Arbitrary<string> {
  if (typeof value === 'string')
    return fc.constantFrom('0', '1', '[]', '{}', 'null', `[${JSON.stringify(value)}]`);
  return fc.constantFrom(
    JSON.stringify(String(value)),
    `[${JSON.stringify(value)}]`,
    '"true"',
    '{}',
  );
}

/**
 * A JSON object body: a valid one for the route with one field spoiled (tainted, retyped,
 * replaced or dropped), or a hostile field added.
 */
export function spoiledBody(template: Record<string, unknown>): fc.Arbitrary<string> {
  const entries = Object.entries(template).map(
    ([key, value]) => [key, JSON.stringify(value)] as [string, string],
  );
  const withField = (field: string, value: string | null) =>
    objectJson([
      ...entries.filter(([key]) => key !== field),
      ...(value === null ? [] : [[field, value] as [string, string]]),
    ]);
  const added = fc.tuple(hostileKey, hostileJson).map(([key, value]) => withField(key, value));
  const fields = Object.keys(template);
  if (fields.length === 0) return added;
  return fc.constantFrom(...fields).chain((field) => {
    const value = template[field];
    return fc.oneof(
      {
        weight: 4,
        arbitrary: taintedText(typeof value === 'string' ? value : String(value)).map((text) =>
          withField(field, JSON.stringify(text)),
        ),
      },
      { weight: 2, arbitrary: retyped(value).map((json) => withField(field, json)) },
      { weight: 2, arbitrary: hostileJson.map((json) => withField(field, json)) },
      { weight: 1, arbitrary: fc.constant(withField(field, null)) },
      { weight: 1, arbitrary: added },
    );
  });
}

/** Path ids: not uuids, traversal, bad and odd percent-encoding, far too long. */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2f',
    '%00',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AE',
    '%F0%9F%92%A5',
    'null',
    '0',
    '-1',
    '1e9',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '%27%20or%20%271%27%3D%271',
    `cs_sandbox_${'0'.repeat(48)}`,
    `cs_sandbox_${'g'.repeat(48)}`,
    'cs_test_a1',
  ),
  fc.uuid(),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(percentEncode),
  fc.integer({ min: 90, max: 3000 }).map((n) => 'a'.repeat(n)),
);

/** Query strings: repeated and bracketed keys, prototype keys, bad encoding, long values. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%',
    '%zz=%zz',
    '&&&',
    '=',
    '==&=',
    'session_id=a&session_id=b',
    'session_id[]=x',
    'session_id[a]=x',
    '__proto__[polluted]=1',
    'constructor[prototype][polluted]=1',
    `session_id=${'x'.repeat(5000)}`,
    'session_id=%00',
  ),
  fc
    .array(
      fc.tuple(fc.oneof(fc.constantFrom('session_id', 'id', '__proto__'), hostileText), anyText),
      { maxLength: 4 },
    )
    .map((pairs) =>
      pairs.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&'),
    ),
);

// ---------------------------------------------------------------------------------------------
// What every answer must be.

/** Things that only an internal error would put in an answer. */
const INTERNALS: RegExp[] = [
  /\n\s+at /, // a stack frame
  /\bat (?:async )?\S+ \(/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /node_modules|\/work\/|\/home\/|apps\/api|packages\/(?:db|shared)/,
  /\b[A-Z][A-Za-z]*Error\b|\bError:/,
  /\bFST_[A-Z_]+/,
  /\[object \w+\]/,
];
/** Things that only a database or validation library would say. */
const FAILURE_INTERNALS: RegExp[] = [
  /\b(?:select|insert|update|delete)\b[^"]*\b(?:from|into|set)\b/i,
  /\b(?:relation|column|constraint|syntax error|violates|duplicate key|byte sequence|SQLSTATE)\b/i,
  /invalid_type|too_big|too_small|invalid_format|invalid_value|unrecognized_keys/,
  /Invalid input|expected \w+, received/i,
  /"(?:path|code|issues|stack|statusCode|error)"\s*:/,
];

const BASE_PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).sort();

/**
 * Never a 5xx; every refusal is `{ success: false, message }` with a human message (the sandbox
 * checkout pages may answer with their HTML page instead); nothing internal in any answer; and
 * nothing polluted `Object.prototype`.
 */
export function expectCleanAnswer(
  response: LightMyRequestResponse,
  sent: { method: string; url: string },
): void {
  const context = `${sent.method} ${sent.url.slice(0, 300)} answered ${response.statusCode}: ${response.body.slice(0, 400)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(Object.getOwnPropertyNames(Object.prototype).sort(), context).toEqual(BASE_PROTOTYPE);
  if (sent.method === 'HEAD') return;

  const failed = response.statusCode >= 400;
  const type = String(response.headers['content-type'] ?? '');
  // A 404 names what was asked for; the request's own text is not a leak.
  const path = sent.url.split('?')[0] ?? '';
  const scanned = response.body
    .split(path)
    .join('')
    .replace(/"message":"Not found: [^"]*"/, '"message":"Not found"');
  for (const pattern of failed ? [...INTERNALS, ...FAILURE_INTERNALS] : INTERNALS) {
    expect(scanned, `${context}\nleaks ${pattern}`).not.toMatch(pattern);
  }
  if (!failed) return;

  if (sent.url.startsWith('/api/payments/sandbox/') && type.startsWith('text/html')) {
    expect(response.body, context).toMatch(/<h1>[^<]+<\/h1><p>[^<]+<\/p>/);
    return;
  }
  expect(type, context).toMatch(/^application\/json/);
  const body = response.json<Record<string, unknown>>();
  expect(Object.keys(body).sort(), context).toEqual(['message', 'success']);
  expect(body.success, context).toBe(false);
  expect(typeof body.message, context).toBe('string');
  const message = (body.message as string).split(path).join('');
  expect(message.trim().length, context).toBeGreaterThan(3);
  expect(message, context).toMatch(/[A-Za-z]{3,}/);
  expect(message, context).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b/);
}

/**
 * A cheap fingerprint of everything a request could change: row counts and a digest of the
 * fields customers edit and of the owners' second factor. Equal before and after means the
 * request changed nothing. A refused second-factor code is the one refusal that is recorded
 * (`mfa.code_refused`, docs/security.md), so the audit trail is counted without it.
 */
export async function databaseFingerprint(db: Database): Promise<string> {
  const result = await db.execute(sql`
    select
      (select count(*) from users) as users,
      (select md5(coalesce(string_agg(name || phone || address || gender || coalesce(dob::text, ''), '|' order by id), '')) from users) as profiles,
      (select count(*) from sessions) as sessions,
      (select count(*) from password_resets) as password_resets,
      (select md5(coalesce(string_agg(id::text || status, '|' order by id), '')) from appointments) as appointments,
      (select count(*) from feedback) as feedback,
      (select md5(coalesce(string_agg(id || status || customer_name, '|' order by id), '')) from sandbox_checkouts) as checkouts,
      (select count(*) from payment_events) as payment_events,
      (select md5(coalesce(string_agg(id::text || coalesce(mfa_verified_at::text, ''), '|' order by id), '')) from sessions) as session_factors,
      (select md5(coalesce(string_agg(user_id::text || secret || coalesce(confirmed_at::text, '') || coalesce(last_step::text, ''), '|' order by user_id), '')) from totp_factors) as totp_factors,
      (select md5(coalesce(string_agg(code_hash || coalesce(used_at::text, ''), '|' order by code_hash), '')) from recovery_codes) as recovery_codes,
      (select count(*) from audit_events where action <> 'mfa.code_refused') as audit_events
  `);
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows[0]);
}
