/**
 * Why a payment is given back. A payment that lands after its hold was released and the slot
 * taken by someone else is `late_payment`; a second paid checkout of an appointment that is
 * already paid is `duplicate_payment`; an owner who cancels a paid ride and gives the deposit
 * back is `cancelled_by_owner`; a customer's own cancel, with what the owner's refund tiers give
 * back of the deposit (`refund-policy.ts`), is `cancelled_by_customer`.
 */
export const REFUND_REASONS = [
  'late_payment',
  'duplicate_payment',
  'cancelled_by_owner',
  'cancelled_by_customer',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * The refunds of payments the site could not keep (no booking took them): the money came in
 * only to go back, so the numbers count it as a deposit taken as well as a refund.
 */
export const UNKEPT_PAYMENT_REASONS = [
  'late_payment',
  'duplicate_payment',
] as const satisfies readonly RefundReason[];

/** Why a refund was given, in the owner's and the accountant's words. */
export const REFUND_REASON_WORDS: Readonly<Record<RefundReason, string>> = {
  late_payment: 'Paid after the hold ended',
  duplicate_payment: 'Paid twice',
  cancelled_by_owner: 'Cancelled by the owner',
  cancelled_by_customer: 'Cancelled by the customer',
};

/**
 * `pending` until the payment provider accepts the refund (it is retried until then),
 * `succeeded` once it has (its id is kept), `failed` when it would not after every attempt.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
