import { describe, expect, it } from 'vitest';
import { failureInWords, refundInWords, TWILIO_ERROR_WORDS } from './provider-errors.ts';

describe('a failed message in words', () => {
  it('says Twilio’s codes as a person would, with Twilio’s page about each', () => {
    expect(failureInWords('RestException, code 21211, HTTP 400')).toEqual({
      words: 'Not a valid mobile number: check the number with the customer.',
      providerSaid: 'RestException, code 21211, HTTP 400',
      helpUrl: 'https://www.twilio.com/docs/errors/21211',
    });
    expect(failureInWords('RestException, code 21610, HTTP 400').words).toMatch(/unsubscribed/);
    expect(failureInWords('RestException, code 21614, HTTP 400').words).toMatch(/landline/);
    for (const code of [30003, 30004, 30005, 30006, 30007, 30008]) {
      expect(TWILIO_ERROR_WORDS[code], String(code)).toBeTruthy();
      expect(failureInWords(`RestException, code ${code}`).words).toBe(TWILIO_ERROR_WORDS[code]);
    }
  });

  it('falls back to the provider’s own code for one the table does not know', () => {
    expect(failureInWords('RestException, code 99999, HTTP 400')).toEqual({
      words: 'The text service refused it (Twilio error 99999).',
      providerSaid: 'RestException, code 99999, HTTP 400',
      helpUrl: 'https://www.twilio.com/docs/errors/99999',
    });
    expect(failureInWords('TypeError').words).toBe('The provider said: TypeError.');
  });

  it('says mail servers’ refusals and network failures in words', () => {
    expect(failureInWords('Error, code EENVELOPE, SMTP 550, at RCPT TO').words).toBe(
      'The email address was refused by its mail server: it may not exist.',
    );
    expect(failureInWords('Error, code EENVELOPE, SMTP 599').words).toBe(
      'The mail server refused it (SMTP 599).',
    );
    expect(failureInWords('Error, code ECONNREFUSED').words).toMatch(/could not be reached/);
    expect(failureInWords('RestException, HTTP 503').words).toMatch(/problem on its side/);
    expect(failureInWords('Error, code ECONNREFUSED').helpUrl).toBeUndefined();
  });
});

describe('a refund in words', () => {
  it('says how much went back to the card, and when, without the provider’s id', () => {
    expect(refundInWords({ amountCents: 6600, status: 'succeeded', on: 'Nov 27' })).toBe(
      'Refunded $66.00 to the card on Nov 27',
    );
    expect(refundInWords({ amountCents: 6600, status: 'succeeded' })).toBe(
      'Refunded $66.00 to the card',
    );
    expect(refundInWords({ amountCents: 6600, status: 'pending' })).toBe(
      'Refund of $66.00 to the card under way',
    );
    expect(refundInWords({ amountCents: 150, status: 'failed' })).toMatch(
      /^Refund of \$1\.50 to the card failed/,
    );
  });
});
