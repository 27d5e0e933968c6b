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
 * `pending` until the payment provider accepts the refund (it is retried until then),
 * `succeeded` once it has (its id is kept), `failed` when it would not after every attempt.
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
