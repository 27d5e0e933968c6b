import { describe, expect, it } from 'vitest';
import { centsOfDollars, dollarsOfCents } from './money.ts';

describe('amounts typed in dollars', () => {
  it('reads dollars and cents, with or without the symbol', () => {
    expect(centsOfDollars('12')).toBe(1200);
    expect(centsOfDollars('$12.5')).toBe(1250);
    expect(centsOfDollars(' 1,012.05 ')).toBe(101205);
    expect(centsOfDollars('-3')).toBe(-300);
  });
  it('is no number for what is no amount', () => {
    expect(centsOfDollars('')).toBeNaN();
    expect(centsOfDollars('12.345')).toBeNaN();
    expect(centsOfDollars('ten')).toBeNaN();
  });
  it('shows cents back with two decimals', () => {
    expect(dollarsOfCents(1250)).toBe('12.50');
    expect(dollarsOfCents(-300)).toBe('-3.00');
  });
});
