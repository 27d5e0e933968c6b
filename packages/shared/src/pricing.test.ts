import { describe, expect, it } from 'vitest';
import {
  depositCents,
  depositDollars,
  formatCents,
  formatDollars,
  hasOneHourFifteenPrice,
} from './pricing.ts';

describe('pricing rules', () => {
  it('the deposit is the fees plus one dollar, in dollars and in cents', () => {
    expect(depositDollars(49)).toBe(50);
    expect(depositDollars(0)).toBe(1);
    expect(depositCents(49)).toBe(5000);
    expect(depositCents(49.5)).toBe(5050);
  });

  it('the 1 h to 1 h 15 price shows only above zero', () => {
    expect(hasOneHourFifteenPrice(0)).toBe(false);
    expect(hasOneHourFifteenPrice(65)).toBe(true);
  });

  it('formats dollars and cents as the pages show them', () => {
    expect(formatDollars(85)).toBe('$85');
    expect(formatDollars(85.5)).toBe('$85.50');
    expect(formatCents(5000)).toBe('50.00');
    expect(formatCents(5055)).toBe('50.55');
  });
});
