import { describe, expect, it } from 'vitest';
import { cancellationRefund, cancelRefundInWords, type RefundTier } from './refund-policy.ts';

const PICKUP = new Date('2026-12-10T14:00:00Z');
const HOUR = 3_600_000;
/** Full beyond 48 hours, half beyond 24, nothing after. */
const TIERS: RefundTier[] = [
  { hoursBefore: 48, percent: 100 },
  { hoursBefore: 24, percent: 50 },
];
const at = (msBefore: number) => new Date(PICKUP.getTime() - msBefore);
const refundAt = (msBefore: number, tiers = TIERS, deposit = 9600) =>
  cancellationRefund(deposit, PICKUP, at(msBefore), tiers);

describe('cancellationRefund', () => {
  it('gives nothing back without tiers: the booking fee is non-refundable', () => {
    expect(refundAt(30 * 24 * HOUR, [])).toEqual({
      depositCents: 9600,
      refundCents: 0,
      percent: 0,
      tierHours: null,
    });
  });

  it('holds a tier up to and including its limit, to the millisecond', () => {
    expect(refundAt(48 * HOUR + 1).refundCents).toBe(9600);
    expect(refundAt(48 * HOUR)).toEqual({
      depositCents: 9600,
      refundCents: 9600,
      percent: 100,
      tierHours: 48,
    });
    expect(refundAt(48 * HOUR - 1)).toEqual({
      depositCents: 9600,
      refundCents: 4800,
      percent: 50,
      tierHours: 24,
    });
    expect(refundAt(24 * HOUR).refundCents).toBe(4800);
    expect(refundAt(24 * HOUR - 1)).toEqual({
      depositCents: 9600,
      refundCents: 0,
      percent: 0,
      tierHours: null,
    });
    // After pickup, nothing (the online cut-off refuses the cancel before that anyway).
    expect(refundAt(-HOUR).refundCents).toBe(0);
  });

  it('reads tiers in any order and rounds down to the cent', () => {
    const reversed = [...TIERS].reverse();
    expect(refundAt(50 * HOUR, reversed).percent).toBe(100);
    expect(refundAt(30 * HOUR, reversed).percent).toBe(50);
    expect(refundAt(30 * HOUR, [{ hoursBefore: 0, percent: 33 }], 6601).refundCents).toBe(2178);
  });

  it('a 0-hour tier holds until the pickup instant itself', () => {
    const tiers = [{ hoursBefore: 0, percent: 25 }];
    expect(refundAt(0, tiers).refundCents).toBe(2400);
    expect(refundAt(-1, tiers).refundCents).toBe(0);
  });
});

describe('cancelRefundInWords', () => {
  it('says what comes back of the deposit', () => {
    expect(cancelRefundInWords({ depositCents: 9600, refundCents: 4800 })).toBe(
      'You will get $48.00 of your $96.00 deposit back.',
    );
    expect(cancelRefundInWords({ depositCents: 9600, refundCents: 9600 })).toBe(
      'You will get your whole $96.00 deposit back.',
    );
    expect(cancelRefundInWords({ depositCents: 9600, refundCents: 0 })).toBe(
      'Your deposit is not refundable.',
    );
  });
});
