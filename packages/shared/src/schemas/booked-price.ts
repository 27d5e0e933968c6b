import { z } from 'zod';

/*
 * A ride's price as it was booked (the appointment's snapshot, docs/product.md, A price from
 * the route): what the confirmation, the ride page and the checkout say the ride costs and why.
 * Never worked out again from today's rates.
 */

/** One ride's (one leg's) booked price, its deposit, what is left after it, and why. */
export const BookedPriceSchema = z.object({
  priceCents: z.number().int(),
  /** Paid online to book (fees + $1). */
  depositCents: z.number().int(),
  /** Left to pay after the ride: the price less the deposit, never below zero. */
  balanceCents: z.number().int(),
  /** Why, in words: `weekend flat rate`, `20% off Tesla`; empty for a booking made before reasons were kept. */
  reasons: z.array(z.string()),
});
export type BookedPrice = z.infer<typeof BookedPriceSchema>;

/** A leg's snapshot as the price shows it; null for a booking made before prices were kept. */
export function bookedPriceOf(leg: {
  priceCents: number | null;
  amountCents: number;
  priceReasons: readonly string[] | null;
}): BookedPrice | null {
  if (leg.priceCents === null) return null;
  return {
    priceCents: leg.priceCents,
    depositCents: leg.amountCents,
    balanceCents: Math.max(0, leg.priceCents - leg.amountCents),
    reasons: [...(leg.priceReasons ?? [])],
  };
}

/** The reasons on one line, as every page and the checkout show them. */
export function reasonsInWords(reasons: readonly string[]): string {
  return reasons.join(' · ');
}
