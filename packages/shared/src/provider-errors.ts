import { formatCents } from './pricing.ts';
import type { RefundStatus } from './refunds.ts';

/**
 * Why an email or a text could not be sent, in the owner's words. The outbox keeps only what a
 * failure says without personal data (`describeFailure`, apps/api: `RestException, code 21211,
 * HTTP 400`, `Error, code EENVELOPE, SMTP 550, at RCPT TO`): never the provider's message, which
 * may quote the number or the address. This is the one table from those codes to words; a code
 * it does not know is said as the provider's code, with Twilio's own page about it.
 */

/** Twilio's error codes a small business meets, in plain words (twilio.com/docs/errors). */
export const TWILIO_ERROR_WORDS: Readonly<Record<number, string>> = {
  20003: 'The text service refused the account’s credentials: check the Twilio settings.',
  20429: 'The text service was asked too often at once; it will be tried again.',
  21211: 'Not a valid mobile number: check the number with the customer.',
  21214: 'This number cannot receive texts.',
  21408: 'Texts to this country are not enabled for the business’s account.',
  21610:
    'The customer unsubscribed (texted STOP): texts to this number are blocked until they text START.',
  21612: 'This number cannot be texted from the business’s number.',
  21614: 'Not a mobile number: a landline, or a number that cannot receive texts.',
  21617: 'The text was too long to send.',
  30003: 'The phone could not be reached: switched off or out of coverage.',
  30004: 'The text was blocked: the customer’s phone or carrier does not accept it.',
  30005: 'Unknown number: it may no longer be in service.',
  30006: 'A landline, or a carrier that cannot deliver texts to this number.',
  30007: 'The carrier filtered the text as spam.',
  30008: 'The carrier could not deliver the text, and did not say why.',
  30034: 'The business’s number is not registered for texting in the US (A2P 10DLC).',
};

/** SMTP reply codes, in plain words. */
const SMTP_WORDS: Readonly<Record<number, string>> = {
  421: 'The mail server was busy; it will be tried again.',
  450: 'The mailbox was not available for now.',
  451: 'The mail server had a problem on its side.',
  452: 'The mail server had no room for it for now.',
  535: 'The mail server refused the business’s sign-in: check the SMTP settings.',
  550: 'The email address was refused by its mail server: it may not exist.',
  551: 'The email address was refused by its mail server: it may not exist.',
  552: 'The mailbox is full.',
  553: 'The email address is not valid.',
  554: 'The mail server refused the email (it may have taken it for spam).',
};

/** Network failures (Node's codes) in words. */
const NETWORK_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'The provider could not be reached (the connection was refused).',
  ECONNRESET: 'The connection to the provider broke off.',
  ETIMEDOUT: 'The provider did not answer in time.',
  ENOTFOUND: 'The provider’s address could not be found.',
  EAI_AGAIN: 'The provider’s address could not be looked up for now.',
};

export interface FailureWords {
  /** What went wrong, in plain words. */
  words: string;
  /** What the provider said, as kept (`RestException, code 21211, HTTP 400`), for Details. */
  providerSaid: string;
  /** Twilio's page about its code, when the failure has one. */
  helpUrl?: string;
}

/**
 * A kept failure (`outbox_messages.last_error`) in words: Twilio's codes by the table above,
 * SMTP's by its reply code, network failures by Node's code; anything else as the provider's
 * own words (what was kept of them).
 */
export function failureInWords(lastError: string): FailureWords {
  const providerSaid = lastError;
  const twilio = /\bRestException\b.*\bcode (\d+)/.exec(lastError);
  if (twilio) {
    const code = Number(twilio[1]);
    const helpUrl = `https://www.twilio.com/docs/errors/${code}`;
    return {
      words: TWILIO_ERROR_WORDS[code] ?? `The text service refused it (Twilio error ${code}).`,
      providerSaid,
      helpUrl,
    };
  }
  const smtp = /\bSMTP (\d{3})\b/.exec(lastError);
  if (smtp) {
    const code = Number(smtp[1]);
    return {
      words: SMTP_WORDS[code] ?? `The mail server refused it (SMTP ${code}).`,
      providerSaid,
    };
  }
  const network = /\bcode (E[A-Z_]+)\b/.exec(lastError);
  if (network && NETWORK_WORDS[network[1] as string]) {
    return { words: NETWORK_WORDS[network[1] as string] as string, providerSaid };
  }
  const http = /\bHTTP (\d{3})\b/.exec(lastError);
  if (http && Number(http[1]) >= 500) {
    return {
      words: `The provider had a problem on its side (HTTP ${http[1]}); it will be tried again.`,
      providerSaid,
    };
  }
  return { words: `The provider said: ${lastError}.`, providerSaid };
}

/**
 * A refund in words for the console: `Refunded $66.00 to the card on Nov 27` once the payment
 * provider took it (`on`: the day it did, in New York, when known), under way while pending,
 * or said to have failed. The provider's id is not part of it: shown apart, in details.
 */
export function refundInWords(refund: {
  amountCents: number;
  status: RefundStatus;
  /** `Nov 27`: the day, as `formatNewYorkDayShort` says it. */
  on?: string | null;
}): string {
  const amount = `$${formatCents(refund.amountCents)}`;
  switch (refund.status) {
    case 'succeeded':
      return `Refunded ${amount} to the card${refund.on ? ` on ${refund.on}` : ''}`;
    case 'pending':
      return `Refund of ${amount} to the card under way`;
    case 'failed':
      return `Refund of ${amount} to the card failed: the payment provider would not take it`;
  }
}
