/** A booking holds its slot for the checkout's life (Stripe's minimum is 30 minutes). */
export const CHECKOUT_LIFETIME_MS = 31 * 60_000;
/** The hold outlives its checkout a little, so a payment made at the last second still lands. */
export const HOLD_GRACE_MS = 2 * 60_000;
/**
 * Stripe refuses a checkout that ends sooner than this after it is made: a reserved attempt
 * whose session was never made (its caller crashed) is replaced once it gets this close to its end.
 */
export const PROVIDER_MIN_CHECKOUT_MS = 30 * 60_000;
