import { MESSAGES } from '@app/shared';
import { API_BASE } from '../config/env.ts';
import { createStore } from './store.ts';

/**
 * A failed call: the HTTP status and the server's message when it sent one. `refused` marks an
 * answer that arrived (2xx) but says `success: false`, which the product words apart.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly refused: boolean;
  /** The ride a refusal is about (a block over a booked ride), for a link to it. */
  readonly rideId: string | undefined;
  /** The answer's `code`, for a refusal told apart by more than its status (`ERROR_CODES`). */
  readonly code: string | undefined;

  constructor(
    status: number,
    serverMessage: string | undefined,
    refused = false,
    rideId?: string,
    code?: string,
  ) {
    super(serverMessage ?? `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.refused = refused;
    this.rideId = rideId;
    this.code = code;
  }
}

/**
 * The CSRF token bound to the visitor's cookie: every POST carries it. The session fetches it at
 * start and again whenever the cookie changes (sign-in, sign-out).
 */
export const csrfToken = createStore<string | undefined>(undefined);

async function request<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { body?: unknown; csrf: boolean },
): Promise<T> {
  // No Accept header: every answer is JSON, and a `<link rel=preload>` of the same call (the
  // public pages preload the profile, the static ones the service list too) is only reused by a
  // request whose headers match its own.
  const headers: Record<string, string> = {};
  const sendsBody = method !== 'GET';
  if (sendsBody) headers['content-type'] = 'application/json';
  const token = options.csrf ? csrfToken.get() : undefined;
  if (token) headers['x-csrf-token'] = token;
  const response = await fetch(`${API_BASE}${path}`, {
    method,
    credentials: 'include',
    headers,
    body: sendsBody ? JSON.stringify(options.body) : null,
  });
  const data: unknown = await response.json().catch(() => undefined);
  const answer = (data && typeof data === 'object' ? data : {}) as {
    success?: unknown;
    message?: unknown;
    rideId?: unknown;
    code?: unknown;
  };
  const message = typeof answer.message === 'string' && answer.message ? answer.message : undefined;
  const rideId = typeof answer.rideId === 'string' ? answer.rideId : undefined;
  const code = typeof answer.code === 'string' ? answer.code : undefined;
  if (!response.ok) throw new ApiError(response.status, message, false, rideId, code);
  if (answer.success === false) throw new ApiError(response.status, message, true);
  return data as T;
}

/**
 * The one way the app calls its API, with the visitor's cookies. Answers with the parsed JSON
 * body; a non-2xx answer, or one saying `success: false`, throws an ApiError carrying the
 * server's `message`. Every POST carries the CSRF token; a GET carries it where the API's
 * contract marks the call so (`{ csrf: true }`).
 */
export const api = {
  get: <T>(path: string, options: { csrf?: boolean } = {}) =>
    request<T>('GET', path, { csrf: options.csrf ?? false }),
  post: <T>(path: string, body: object = {}) => request<T>('POST', path, { body, csrf: true }),
  /** A replacement of a whole resource (the owner's bill lines), with the CSRF token like a POST. */
  put: <T>(path: string, body: object) => request<T>('PUT', path, { body, csrf: true }),
};

interface Failure {
  /** Shown when the server sent no message. */
  fallback: string;
  /** Shown for HTTP 429 instead of the server's message. */
  tooManyRequests?: string;
  /** Before the fallback, the error's own text (a network error's, or "Request failed (500)"). */
  errorText?: boolean;
  /** An answer saying `success: false`; by default the server's message, else the fallback. */
  refused?: (serverMessage: string | undefined) => string;
}

/** What each kind of call shows when it fails (docs/product.md, Messages of the other failures). */
const FAILURES = {
  /** The service list, the profile, the appointments; the sessions list, the console's lists. */
  load: {
    fallback: MESSAGES.unknownError,
    errorText: true,
    refused: (message) => message ?? MESSAGES.somethingWentWrong,
  },
  /** Login and sign-up, and the owner's second factor. */
  signIn: { fallback: MESSAGES.genericRetry, tooManyRequests: MESSAGES.tooManyLoginAttempts },
  googleSignIn: { fallback: MESSAGES.googleLoginFailed },
  /** Forgot and reset password. */
  passwordReset: {
    fallback: MESSAGES.errorOccurred,
    tooManyRequests: MESSAGES.tooManyRequests,
    errorText: true,
  },
  /** The profile's changes, signing devices out among them. */
  profileUpdate: { fallback: MESSAGES.somethingWentWrong, errorText: true },
  feedback: { fallback: MESSAGES.feedbackThrown, refused: () => MESSAGES.feedbackFailed },
  /** Booking and opening its checkout. */
  booking: { fallback: MESSAGES.bookingThrown },
  paymentDetails: {
    fallback: MESSAGES.paymentDetailsRetry,
    tooManyRequests: MESSAGES.tooManyPaymentAttempts,
    refused: (message) => `${MESSAGES.paymentDetailsError} ${message ?? ''}`.trim(),
  },
} satisfies Record<string, Failure>;

export type CallKind = keyof typeof FAILURES;

/** The message a failed call of this kind shows: the one place failures become text. */
export function failureMessage(error: unknown, kind: CallKind): string {
  const failure: Failure = FAILURES[kind];
  if (error instanceof ApiError) {
    if (error.refused)
      return failure.refused?.(error.serverMessage) ?? error.serverMessage ?? failure.fallback;
    if (error.status === 429 && failure.tooManyRequests) return failure.tooManyRequests;
    if (error.serverMessage) return error.serverMessage;
  }
  return (failure.errorText && error instanceof Error && error.message) || failure.fallback;
}
