import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * What the logs may hold: a request id on every line of a request, method, path, status,
 * timing, the client address and errors. Never cookies, authorization or CSRF headers, bodies,
 * query strings, reset tokens, checkout session ids in paths, emails or database parameters.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** A caller's id is kept only when it is a short plain token (a load balancer's, say). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's id: the caller's `X-Request-Id` when safe to log and echo, else a new UUID. */
export function requestIdFor(req: { headers: IncomingHttpHeaders }): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Echoes the request id on every response, so a visitor's report can be found in the logs. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}

/** Routes whose every outcome is a security event, and what the logs call it. */
const AUTH_EVENTS: Record<string, { event: string; method?: string }> = {
  'POST /api/user/login': { event: 'auth.login', method: 'password' },
  'POST /api/auth/google': { event: 'auth.login', method: 'google' },
  'POST /api/user/logout': { event: 'auth.logout' },
  'POST /api/user/register': { event: 'account.register' },
  'POST /api/user/forgot-password': { event: 'auth.reset_requested' },
  'POST /api/user/reset-password': { event: 'auth.reset_completed' },
  'POST /api/user/verify-email': { event: 'account.email_verified' },
  'POST /api/user/verify-email/resend': { event: 'account.verify_requested' },
  'POST /api/user/sessions/revoke': { event: 'auth.session_ended' },
  'POST /api/user/sessions/revoke-others': { event: 'auth.session_ended' },
  'POST /api/admin/mfa/enrol': { event: 'auth.mfa_enrolment_started' },
  'POST /api/admin/mfa/confirm': { event: 'auth.mfa_enrolled' },
  'POST /api/admin/mfa/verify': { event: 'auth.mfa' },
  // The customers' data leaving in bulk: who took it is on the line (and in the audit trail).
  'GET /api/admin/rides/export.csv': { event: 'rides.exported' },
  'GET /api/admin/numbers/payments.csv': { event: 'payments.exported' },
};

/**
 * Security events (ASVS 5.0 V16.3): one `security event` line for every sign-in, sign-out,
 * signup and password reset (success or not), every refusal for want of a session or a CSRF
 * token (401, 403) and every rate-limit refusal (429); who it was is the user id, never an
 * email. Register after the session is resolved: the request's later lines carry `userId` too.
 */
export function registerSecurityEvents(app: FastifyInstance): void {
  const bound = new WeakSet<object>();
  app.addHook('preHandler', async (request, reply) => {
    if (!request.user) return;
    const log = request.log.child({ userId: request.user.id });
    request.log = log;
    reply.log = log;
    bound.add(request);
  });
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const known = AUTH_EVENTS[`${request.method} ${request.routeOptions.url}`];
    const event =
      known?.event ??
      (status === 401 || status === 403 ? 'access.denied' : status === 429 ? 'rate_limited' : '');
    if (!event) return;
    const outcome = status < 400 ? 'success' : status === 429 ? 'rate_limited' : 'failure';
    reply.log[outcome === 'success' ? 'info' : 'warn'](
      {
        event,
        ...(known?.method ? { method: known.method } : {}),
        outcome,
        statusCode: status,
        // A sign-in names its user only once the handler has run.
        ...(request.user && !bound.has(request) ? { userId: request.user.id } : {}),
      },
      'security event',
    );
  });
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const RESET_TOKEN_IN_TEXT = /((?:reset-password|verify-email|calendar)\/)[^/?#\s"']+/gi;
/**
 * Pages whose next path segment is a link's token (a reset, an address confirmation, a staff
 * member's calendar feed).
 */
const TOKEN_PAGES = new Set(['reset-password', 'verify-email', 'calendar', 'trip']);
const SECRET_QUERY_VALUE =
  /([?&](?:session_id|token|code|state|key|password|email|phone)=)[^&#\s"']*/gi;
const CHECKOUT_SESSION_ID = /\bcs_[A-Za-z0-9_]{8,}/g;
/** drizzle's failed-query errors end their message (and stack) with the query's values. */
const QUERY_PARAMS_LINE = /^params: .*$/gm;

/** Masks what may never reach a log line in free text: emails, tokens, values of queries. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS_LINE, 'params: [redacted]')
    .replace(EMAIL, '[email]')
    .replace(RESET_TOKEN_IN_TEXT, '$1[token]')
    .replace(SECRET_QUERY_VALUE, '$1[redacted]')
    .replace(CHECKOUT_SESSION_ID, 'cs_[redacted]');
}

const MAX_LOGGED_PATH = 300;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path of a request URL as logged: no query string (it may carry `session_id`), the link's
 * token after `reset-password/`, `verify-email/`, `calendar/` or `trip/` masked, checkout session ids (the sandbox page's address) and
 * anything that looks like an email masked, and the whole cut to a sane length.
 */
export function safeUrl(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/');
  const masked = segments.map((segment, index) => {
    const plain = decoded(segment);
    if (index > 0 && TOKEN_PAGES.has(decoded(segments[index - 1] ?? '').toLowerCase()))
      return segment === '' ? segment : '[token]';
    if (/^cs_/i.test(plain)) return '[checkout-session]';
    if (plain.includes('@')) return '[email]';
    return segment;
  });
  const safe = masked.join('/');
  return safe.length > MAX_LOGGED_PATH ? `${safe.slice(0, MAX_LOGGED_PATH)}…` : safe;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** Replaces Fastify's `req` serializer: no headers, no query, tokens masked. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: safeUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

/** The fields of an error worth keeping; others (drizzle's `params`, PostgreSQL's `detail`
 * with a duplicate key's value, nodemailer's `rejected` recipients, a JWT's `payload`) go. */
const ERROR_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine'] as const;

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Replaces pino's `err` serializer: type, scrubbed message and stack, a few codes, causes. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: scrubText(String(error)), stack: '' };
  }
  const source = error as Record<string, unknown>;
  const out: SerializedError = {
    type: error instanceof Error ? error.constructor.name : 'Object',
    message: typeof source.message === 'string' ? scrubText(source.message) : '',
    stack: typeof source.stack === 'string' ? scrubText(source.stack) : '',
  };
  for (const field of ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'number') out[field] = value;
    else if (typeof value === 'string') out[field] = scrubText(value);
  }
  if (source.cause !== undefined && depth < 3) out.cause = serializeError(source.cause, depth + 1);
  return out;
}

/** Belt and braces for objects logged by hand: these keys are censored wherever they appear. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'req.headers["stripe-signature"]',
  'req.body',
  'req.query',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-csrf-token"]',
  'headers["set-cookie"]',
  'body',
  'query',
  'password',
  'newPassword',
  'token',
  'email',
  'phone',
  'address',
  '*.password',
  '*.newPassword',
  '*.token',
  '*.email',
  '*.phone',
  '*.address',
];

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

/** A writable destination, for tests that read the log lines back. */
export interface LogDestination {
  write(line: string): void;
}

export interface LoggerSettings {
  level?: string;
  stream?: LogDestination;
}

/** Fastify's pino options with the rules above applied. */
export function loggerOptions(settings: LoggerSettings = {}): LoggerOptions {
  return {
    level: settings.level ?? 'info',
    ...(settings.stream ? { stream: settings.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: (error) => serializeError(error) },
    hooks: {
      // Free-text messages too (`Route GET:/reset-password/… not found`, an error's message).
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        // `log.error(error)` would take the error's raw message as the line's message.
        const cleaned =
          first instanceof Error && typeof rest[0] !== 'string'
            ? [{ err: first }, scrubText(first.message), ...rest]
            : args.map((arg: unknown) => (typeof arg === 'string' ? scrubText(arg) : arg));
        method.apply(this, cleaned as typeof args);
      },
    },
  };
}
