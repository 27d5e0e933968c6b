import { describe, expect, it } from 'vitest';
import { refundWords } from './refund-words.ts';

const PHONE = '781-555-0142';
const AT = '2026-11-22T15:07:00.000Z'; // 10:07 AM in New York

describe('refundWords', () => {
  it('says what came back and when, and that a pending refund is on its way', () => {
    expect(refundWords({ amountCents: 3300, status: 'succeeded', createdAt: AT }, PHONE)).toBe(
      '$33.00 refunded on November 22, 2026, 10:07 AM',
    );
    expect(refundWords({ amountCents: 3300, status: 'pending', createdAt: AT }, PHONE)).toBe(
      '$33.00 refunded on November 22, 2026, 10:07 AM (on its way to your card)',
    );
  });

  it('dates a failed refund, then asks for a call (not a call on that date)', () => {
    expect(refundWords({ amountCents: 3300, status: 'failed', createdAt: AT }, PHONE)).toBe(
      `$33.00 could not be refunded on November 22, 2026, 10:07 AM; please call us at ${PHONE}`,
    );
  });
});
