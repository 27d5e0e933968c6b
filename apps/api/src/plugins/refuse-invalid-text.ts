import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

export const INVALID_TEXT_MESSAGE =
  'The request contains characters that are not allowed (NUL or invalid Unicode).';

/** Half of a surrogate pair: valid in a JSON escape, not in Unicode text. */
const LONE_SURROGATE = /\p{Cs}/u;
const isInvalid = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * PostgreSQL cannot store NUL in text nor a lone surrogate in JSON, so a field holding one
 * would fail its query with a 500. Every route refuses them up front in the body and the query
 * string, after the CSRF and sign-in checks (registered after them, so they still answer first).
 * Path ids need no check: each route matches its ids against their exact pattern.
 */
export function registerInvalidTextRefusal(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (containsInvalidText(request.body) || containsInvalidText(request.query)) {
      throw AppError.badRequest(INVALID_TEXT_MESSAGE);
    }
  });
}

/** Walks keys and values without recursion, so a deeply nested body cannot overflow the stack. */
export function containsInvalidText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (isInvalid(next)) return true;
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      // A raw body (the signed payment webhook) is bytes, checked by its signature instead.
      for (const [key, item] of Object.entries(next)) {
        if (isInvalid(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
