import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared';
import { ApiError, failureMessage, type CallKind } from './api-client.ts';

const withMessage = (status: number) => new ApiError(status, `Server says ${status}`);
const withoutMessage = (status: number) => new ApiError(status, undefined);
// What fetch throws when no answer arrives.
const networkError = new TypeError('Failed to fetch');

/** Each kind of call: what 429, a server message, a bare 500 and a network error show. */
const SPEC: Record<CallKind, [tooMany: string, bare500: string, network: string]> = {
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
  for (const [kind, [tooMany, bare500, network]] of Object.entries(SPEC) as [
    CallKind,
    (typeof SPEC)[CallKind],
  ][]) {
    it(`${kind}: the spec's text for 429, the server's message, a bare 500, no answer`, () => {
      expect(failureMessage(withMessage(429), kind)).toBe(tooMany);
      expect(failureMessage(withMessage(409), kind)).toBe('Server says 409');
      expect(failureMessage(withoutMessage(500), kind)).toBe(bare500);
      expect(failureMessage(networkError, kind)).toBe(network);
    });
  }

  it('falls back for something thrown that is not an Error', () => {
    expect(failureMessage('boom', 'load')).toBe(MESSAGES.unknownError);
    expect(failureMessage(undefined, 'profileUpdate')).toBe(MESSAGES.somethingWentWrong);
    expect(failureMessage(null, 'passwordReset')).toBe(MESSAGES.errorOccurred);
  });
});
