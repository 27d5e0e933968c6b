import { describe, expect, it } from 'vitest';
import {
  formatReceiptAmount,
  formatReceiptInstant,
  formatReceiptLegWhen,
  netPaidCents,
  receiptBilledTo,
  receiptFileName,
  ReceiptSchema,
} from './receipt.ts';

describe('receipt helpers', () => {
  it('shows cents as the site does, the sign before the symbol', () => {
    expect(formatReceiptAmount(45_450)).toBe('$454.50');
    expect(formatReceiptAmount(0)).toBe('$0.00');
    expect(formatReceiptAmount(-1_800)).toBe('-$18.00');
  });

  it('dates by New York clock, on any machine zone', () => {
    expect(formatReceiptInstant('2026-11-28T14:05:00.000Z')).toBe('November 28, 2026, 9:05 AM');
    expect(formatReceiptInstant('2026-07-04T16:30:00Z')).toBe('July 4, 2026, 12:30 PM');
    expect(formatReceiptLegWhen({ date: '27_11_2026', time: '9:30 AM' })).toBe(
      'November 27, 2026, 9:30 AM',
    );
  });

  it('nets what was paid against what was refunded', () => {
    const refunds = [
      { label: 'Refund', amountCents: 1_000, at: '2026-11-28T15:20:00Z' },
      { label: 'Refund', amountCents: 500, at: '2026-11-28T15:25:00Z' },
    ];
    expect(
      netPaidCents({ depositCents: 3_600, balanceCents: 20_000, tipCents: 4_000, refunds }),
    ).toBe(26_100);
  });

  it('bills the company and each address line, or nothing', () => {
    const customer = { name: 'A', email: 'a@example.com' };
    expect(
      receiptBilledTo({
        ...customer,
        company: ' Acme ',
        billingAddress: '1 Elm St\r\n\n Boston, MA ',
      }),
    ).toEqual(['Acme', '1 Elm St', 'Boston, MA']);
    expect(receiptBilledTo({ ...customer, company: null, billingAddress: null })).toEqual([]);
    expect(receiptBilledTo({ ...customer, company: '', billingAddress: '  ' })).toEqual([]);
  });

  it('names the file by the reference alone', () => {
    expect(receiptFileName({ reference: '3F9A-1C2B' })).toBe('receipt-3F9A-1C2B.pdf');
    expect(receiptFileName({ reference: '../x y' })).toBe('receipt-xy.pdf');
  });

  it('refuses a card number longer than its last four', () => {
    const card = ReceiptSchema.shape.card;
    expect(card.safeParse({ brand: 'visa', last4: '4242' }).success).toBe(true);
    expect(card.safeParse({ brand: 'visa', last4: '4242424242424242' }).success).toBe(false);
  });
});
