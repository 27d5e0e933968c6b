import { formatCents } from './pricing.ts';

/**
 * How much of a paid ride's deposit comes back when the customer cancels it (issue 31, part 5):
 * the owner's tiers, each "at least `hoursBefore` hours before pickup, `percent` of the deposit
 * back". With no tiers the booking policy stands: the booking fee is non-refundable.
 *
 * A tier holds up to and including its limit, as the online change limit does
 * (`mayStillChange`): with a 24-hour tier and the 24-hour cut-off, the last instant a ride can
 * be cancelled online still earns that tier. Hours are elapsed time, not wall-clock time.
 */
export interface RefundTier {
  /** Whole hours before pickup, at least, for this tier to apply. */
  hoursBefore: number;
  /** Whole percent of the deposit given back, 0 to 100. */
  percent: number;
}

/** The refund of one ride's deposit: how much, and which tier gave it (null: none applied). */
export interface CancellationRefund {
  depositCents: number;
  refundCents: number;
  percent: number;
  /** The tier's hours; null when no tier applies (the booking fee is non-refundable). */
  tierHours: number | null;
}

/** The tier in force at `now` for a pickup at `pickup`: the one with the most hours still reached. */
export function refundTierAt(
  pickup: Date,
  now: Date,
  tiers: readonly RefundTier[],
): RefundTier | null {
  const msLeft = pickup.getTime() - now.getTime();
  let best: RefundTier | null = null;
  for (const tier of tiers) {
    if (msLeft >= tier.hoursBefore * 3_600_000 && (!best || tier.hoursBefore > best.hoursBefore))
      best = tier;
  }
  return best;
}

/**
 * What comes back of `depositCents` for a cancel at `now` of a ride picked up at `pickup`:
 * rounded down to the cent, so a refund never exceeds its share of the deposit.
 */
export function cancellationRefund(
  depositCents: number,
  pickup: Date,
  now: Date,
  tiers: readonly RefundTier[],
): CancellationRefund {
  const tier = refundTierAt(pickup, now, tiers);
  const percent = tier?.percent ?? 0;
  return {
    depositCents,
    refundCents: Math.floor((Math.max(0, depositCents) * percent) / 100),
    percent,
    tierHours: tier?.hoursBefore ?? null,
  };
}

/** What a cancel gives back, in the customer's words (the ride page's confirmation). */
export function cancelRefundInWords(refund: { depositCents: number; refundCents: number }): string {
  if (refund.refundCents <= 0) return 'Your deposit is not refundable.';
  if (refund.refundCents >= refund.depositCents)
    return `You will get your whole $${formatCents(refund.depositCents)} deposit back.`;
  return `You will get $${formatCents(refund.refundCents)} of your $${formatCents(refund.depositCents)} deposit back.`;
}
