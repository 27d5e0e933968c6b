/** Money rules shared by the service pages and the server. Amounts are whole dollars in the API. */

/** The deposit a customer pays to book: the service's fees plus one dollar. */
export function depositDollars(fees: number): number {
  return fees + 1;
}

export function depositCents(fees: number): number {
  return Math.round(depositDollars(fees) * 100);
}

/** The 1 h to 1 h 15 price is only offered (and shown) when it is above zero. */
export function hasOneHourFifteenPrice(price: number): boolean {
  return price > 0;
}

export const CURRENCY_SYMBOL = '$';

/** `$85` for whole dollars, `$85.50` otherwise. */
export function formatDollars(amount: number): string {
  return `${CURRENCY_SYMBOL}${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

/** Payment results arrive in cents and are always shown with two decimals. */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Minimum booking for the multi-hour rate. */
export const MULTI_HOUR_MINIMUM_HOURS = 3;
