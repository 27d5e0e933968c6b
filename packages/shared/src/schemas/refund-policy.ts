import { z } from 'zod';
import { BOOKING_WINDOW_DAYS } from '../slots.ts';

/*
 * The owner's refund tiers for a customer's cancel (issue 31, part 5), set from the console's
 * Numbers: `POST /admin/refund-policy`. No tiers: the booking fee is non-refundable.
 */

/** The bounds the API and the table's CHECKs both keep: no tier beyond the booking window. */
export const REFUND_TIER_BOUNDS = {
  hoursBefore: { min: 0, max: BOOKING_WINDOW_DAYS * 24 },
  percent: { min: 0, max: 100 },
  maxTiers: 5,
} as const;

export const REFUND_TIER_HOURS_MESSAGE = `Hours before pickup must be a whole number from ${REFUND_TIER_BOUNDS.hoursBefore.min} to ${REFUND_TIER_BOUNDS.hoursBefore.max}.`;
export const REFUND_TIER_PERCENT_MESSAGE = `The percent given back must be a whole number from ${REFUND_TIER_BOUNDS.percent.min} to ${REFUND_TIER_BOUNDS.percent.max}.`;
export const REFUND_TIERS_UNSORTED_MESSAGE =
  'List the tiers from the most hours before pickup to the fewest.';
export const REFUND_TIERS_OVERLAP_MESSAGE =
  'Two tiers start at the same number of hours: each tier needs hours of its own.';
export const REFUND_TIERS_TOO_MANY_MESSAGE = `At most ${REFUND_TIER_BOUNDS.maxTiers} tiers.`;
export const REFUND_POLICY_UNKNOWN_MESSAGE =
  'Only the tiers (hours before pickup and percent back) can be set here.';
export const REFUND_POLICY_SAVED_MESSAGE =
  'Refund tiers saved. Cancels from now on give back what they say.';

const whole = (message: string, { min, max }: { min: number; max: number }) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const RefundTierSchema = z.strictObject(
  {
    hoursBefore: whole(REFUND_TIER_HOURS_MESSAGE, REFUND_TIER_BOUNDS.hoursBefore),
    percent: whole(REFUND_TIER_PERCENT_MESSAGE, REFUND_TIER_BOUNDS.percent),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? REFUND_POLICY_UNKNOWN_MESSAGE : undefined,
  },
);

/**
 * `POST /admin/refund-policy`: every tier at once, most hours first, no two at the same hours
 * (so no two tiers can both claim an instant). An empty list restores the booking policy.
 */
export const RefundPolicyInputSchema = z.strictObject(
  {
    tiers: z
      .array(RefundTierSchema, { error: 'Send the tiers as a list.' })
      .max(REFUND_TIER_BOUNDS.maxTiers, REFUND_TIERS_TOO_MANY_MESSAGE)
      .superRefine((tiers, context) => {
        for (let i = 1; i < tiers.length; i++) {
          const [before, tier] = [tiers[i - 1], tiers[i]];
          if (!before || !tier) continue;
          if (tier.hoursBefore === before.hoursBefore) {
            context.addIssue({ code: 'custom', message: REFUND_TIERS_OVERLAP_MESSAGE, path: [i] });
            return;
          }
          if (tier.hoursBefore > before.hoursBefore) {
            context.addIssue({ code: 'custom', message: REFUND_TIERS_UNSORTED_MESSAGE, path: [i] });
            return;
          }
        }
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? REFUND_POLICY_UNKNOWN_MESSAGE : undefined,
  },
);
export type RefundPolicyInput = z.infer<typeof RefundPolicyInputSchema>;

/** The tiers in force (most hours first) and whether the owner set them. */
export const RefundPolicyStateSchema = z.object({
  tiers: z.array(z.object({ hoursBefore: z.number().int(), percent: z.number().int() })),
  ownerSet: z.boolean(),
});
export type RefundPolicyState = z.infer<typeof RefundPolicyStateSchema>;

/** `GET /admin/refund-policy`. */
export const RefundPolicyResponseSchema = z.object({
  success: z.literal(true),
  policy: RefundPolicyStateSchema,
});
export type RefundPolicyResponse = z.infer<typeof RefundPolicyResponseSchema>;

/** `POST /admin/refund-policy`. */
export const RefundPolicySavedResponseSchema = RefundPolicyResponseSchema.extend({
  message: z.string(),
});
export type RefundPolicySavedResponse = z.infer<typeof RefundPolicySavedResponseSchema>;

/** What cancelling a ride now gives back of its deposit (computed by the server). */
export const CancelRefundSchema = z.object({
  depositCents: z.number().int(),
  refundCents: z.number().int(),
  /** The same in the customer's words ("You will get $48.00 of your $96.00 deposit back."). */
  words: z.string(),
});
export type CancelRefund = z.infer<typeof CancelRefundSchema>;
