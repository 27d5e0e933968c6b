import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@app/shared';
import { api, ApiError, csrfToken, failureMessage, type CallKind } from './api-client.ts';

const withMessage = (status: number) => new ApiError(status, `Server says ${status}`);
const withoutMessage = (status: number) => new ApiError(status, undefined);
// What fetch throws when no answer arrives.
const networkError = new TypeError('Failed to fetch');

/** Each kind of call: what 429, a server message, a bare 500 and a network error show. */
const EXPECTED: Record<CallKind, [tooMany: string, bare500: string, network: string]> = {
  load: ['Server says 429', 'Request failed (500)', 'Failed to fetch'],
  signIn: [MESSAGES.tooManyLoginAttempts, MESSAGES.genericRetry, MESSAGES.genericRetry],
  googleSignIn: ['Server says 429', MESSAGES.googleLoginFailed, MESSAGES.googleLoginFailed],
  passwordReset: [MESSAGES.tooManyRequests, 'Request failed (500)', 'Failed to fetch'],
  profileUpdate: ['Server says 429', 'Request failed (500)', 'Failed to fetch'],
  feedback: ['Server says 429', MESSAGES.feedbackThrown, MESSAGES.feedbackThrown],
  booking: ['Server says 429', MESSAGES.bookingThrown, MESSAGES.bookingThrown],
  paymentDetails: [
    MESSAGES.tooManyPaymentAttempts,
    MESSAGES.paymentDetailsRetry,
    MESSAGES.paymentDetailsRetry,
  ],
};

describe('failureMessage', () => {
  for (const [kind, [tooMany, bare500, network]] of Object.entries(EXPECTED) as [
    CallKind,
    (typeof EXPECTED)[CallKind],
  ][]) {
    it(`${kind}: the product's text for 429, the server's message, a bare 500, no answer`, () => {
      expect(failureMessage(withMessage(429), kind)).toBe(tooMany);
      expect(failureMessage(withMessage(409), kind)).toBe('Server says 409');
      expect(failureMessage(withoutMessage(500), kind)).toBe(bare500);
      expect(failureMessage(networkError, kind)).toBe(network);
    });
  }

  it("words an answer saying success: false as the product's messages do", () => {
    const refused = (message?: string) => new ApiError(200, message, true);
    // Appointments (and the other loads): the server's message, else "Something went wrong".
    expect(failureMessage(refused('No access'), 'load')).toBe('No access');
    expect(failureMessage(refused(), 'load')).toBe(MESSAGES.somethingWentWrong);
    // Feedback: its own text, whatever the server said.
    expect(failureMessage(refused('Nope'), 'feedback')).toBe(MESSAGES.feedbackFailed);
    // Payment details: the prefix and the server's message.
    expect(failureMessage(refused('Session gone'), 'paymentDetails')).toBe(
      `${MESSAGES.paymentDetailsError} Session gone`,
    );
    expect(failureMessage(refused(), 'paymentDetails')).toBe(MESSAGES.paymentDetailsError);
    // Elsewhere: the server's message, else the kind's fallback.
    expect(failureMessage(refused('Slot gone'), 'booking')).toBe('Slot gone');
    expect(failureMessage(refused(), 'signIn')).toBe(MESSAGES.genericRetry);
  });

  it('falls back for something thrown that is not an Error', () => {
    expect(failureMessage('boom', 'load')).toBe(MESSAGES.unknownError);
    expect(failureMessage(undefined, 'profileUpdate')).toBe(MESSAGES.somethingWentWrong);
    expect(failureMessage(null, 'passwordReset')).toBe(MESSAGES.errorOccurred);
  });
});

describe('api', () => {
  /** Answers every call with `body` and records what was sent. */
  const answering = (status: number, body: unknown) => {
    const sent: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    });
    return sent;
  };
  const headersOf = (init: RequestInit | undefined) =>
    (init?.headers ?? {}) as Record<string, string>;

  afterEach(() => {
    vi.unstubAllGlobals();
    csrfToken.set(undefined);
  });

  it('sends the CSRF token with every POST, and with a GET only when asked to', async () => {
    csrfToken.set('token-1');
    const sent = answering(200, { success: true });
    await api.post('/user/logout');
    await api.get('/user/appointments', { csrf: true });
    await api.get('/user/profile');
    expect(sent.map(({ init }) => headersOf(init)['x-csrf-token'])).toEqual([
      'token-1',
      'token-1',
      undefined,
    ]);
    expect(headersOf(sent[0]?.init)['content-type']).toBe('application/json');
    expect(sent[0]?.init.credentials).toBe('include');
  });

  it('throws the server’s message for a non-2xx answer', async () => {
    answering(409, { success: false, message: 'Taken' });
    const error = await api.post('/user/book-appointment').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, serverMessage: 'Taken', refused: false });
  });

  it('throws a refusal for a 2xx answer saying success: false', async () => {
    answering(200, { success: false, message: 'No' });
    const error = await api.get('/user/appointments').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, serverMessage: 'No', refused: true });
    expect(failureMessage(error, 'feedback')).toBe(MESSAGES.feedbackFailed);
  });
});
