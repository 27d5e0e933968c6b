/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), however wrapped. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

/**
 * Whether a database error is an exclusion violation (SQLSTATE 23P01), however wrapped: two of a
 * car's stretches overlapping, refused by `appointments_no_overlap` or by the triggers that keep
 * blocks and bookings apart, which raise it too (ADR 018).
 */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23P01') return constraint === undefined || name === constraint;
  }
  return false;
}

/** The answer while the database cannot be reached (HTTP 503, with Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is temporarily unavailable. Please try again in a moment.';

/** Socket errors, and SQLSTATEs of a server shutting down, starting or full (53300). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** node-postgres's own words for a connection that failed, died or never came. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * Whether an error means the database could not be reached or dropped the connection (the
 * request may succeed in a moment), rather than a bad query. Looks through drizzle's wrapping
 * (`cause`) and Node's AggregateError (one refusal per address tried).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
    return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * What went wrong with the connection, for the log: the innermost cause's code and message,
 * never drizzle's wrapper (it quotes the query's parameters, which may be personal).
 */
export function connectionFailureOf(error: unknown): { code?: string; message?: string } {
  let inner: unknown = error;
  for (let depth = 0; depth < 8; depth++) {
    const { cause, errors } = (inner ?? {}) as { cause?: unknown; errors?: unknown };
    const next = cause ?? (Array.isArray(errors) ? errors[0] : undefined);
    if (!next || typeof next !== 'object') break;
    inner = next;
  }
  const { code, message } = (inner ?? {}) as { code?: unknown; message?: unknown };
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof message === 'string' ? { message } : {}),
  };
}
