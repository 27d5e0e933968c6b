import { formatReceiptAmount } from '@app/shared';

/** `$85.00`, `-$12.50`: every amount of the bill pages, as the receipt prints them. */
export const money = formatReceiptAmount;

/**
 * Dollars as typed (`12`, `12.5`, `$12.50`) to whole cents; NaN when it is no amount, so the
 * shared schema's own message is what the customer reads.
 */
export function centsOfDollars(text: string): number {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

/** Cents as an input shows them to edit (`12.50`, `-3.00`). */
export function dollarsOfCents(cents: number): string {
  return (cents / 100).toFixed(2);
}
