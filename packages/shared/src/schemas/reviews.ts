import { z } from 'zod';
import {
  REVIEW_HIDDEN_REASON_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_STARS,
  REVIEW_TAGS,
  REVIEW_TEXT_MAX,
} from '../reviews.ts';

/*
 * Reviews: the customer's (`POST/GET /api/appointments/:id/review`), the public lists carried by
 * the live pages (`PublicReviews`, also `GET /api/reviews`), and the owner's
 * (`/api/admin/reviews…`).
 */

export const REVIEW_MESSAGES = {
  stars: `Choose from ${REVIEW_STARS.min} to ${REVIEW_STARS.max} stars.`,
  text: `Please keep it to ${REVIEW_TEXT_MAX} characters.`,
  tags: 'Choose tags from the list.',
  alreadyReviewed: 'You have already rated this ride. Thank you!',
  notCompleted: 'You can rate this ride once it is completed.',
  thanks: 'Thank you for rating your ride!',
  reply: `The reply must be at most ${REVIEW_REPLY_MAX} characters.`,
  reason: 'Please say why this review is hidden.',
  reasonTooLong: `The reason must be at most ${REVIEW_HIDDEN_REASON_MAX} characters.`,
  notFound: 'Review not found',
} as const;

export const ReviewRequestSchema = z.object({
  stars: z
    .number({ error: REVIEW_MESSAGES.stars })
    .int(REVIEW_MESSAGES.stars)
    .min(REVIEW_STARS.min, REVIEW_MESSAGES.stars)
    .max(REVIEW_STARS.max, REVIEW_MESSAGES.stars),
  text: z
    .string({ error: REVIEW_MESSAGES.text })
    .trim()
    .max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.text)
    .default(''),
  tags: z
    .array(z.enum(REVIEW_TAGS, { error: REVIEW_MESSAGES.tags }), { error: REVIEW_MESSAGES.tags })
    .max(REVIEW_TAGS.length, REVIEW_MESSAGES.tags)
    // Each tag once, in the list's order, whatever order they were ticked in.
    .transform((tags) => REVIEW_TAGS.filter((tag) => tags.includes(tag)))
    .default([]),
});
export type ReviewRequest = z.input<typeof ReviewRequestSchema>;

/** A review as anyone may read it: no surname, no ride, no hidden review. */
export const PublicReviewSchema = z.object({
  id: z.uuid(),
  serviceId: z.uuid(),
  stars: z.number().int(),
  text: z.string(),
  tags: z.array(z.string()),
  firstName: z.string(),
  createdAt: z.string(),
  reply: z.object({ text: z.string(), repliedAt: z.string() }).nullable(),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

/** A car's shown reviews: how many, their average, and the newest few. */
export const CarReviewsSchema = z.object({
  count: z.number().int(),
  average: z.number().nullable(),
  latest: z.array(PublicReviewSchema),
});
export type CarReviews = z.infer<typeof CarReviewsSchema>;

/** What the live pages carry: every car's, and the whole site's for the home page. */
export const PublicReviewsSchema = z.object({
  overall: CarReviewsSchema,
  byCar: z.record(z.string(), CarReviewsSchema),
});
export type PublicReviews = z.infer<typeof PublicReviewsSchema>;

export interface PublicReviewsResponse extends PublicReviews {
  success: true;
}

/** The ride page's: its review if written, whether it may be written, and the Google link. */
export interface RideReviewResponse {
  success: true;
  /** The customer's own review of this booking, or null. */
  review: {
    stars: number;
    text: string;
    tags: string[];
    createdAt: string;
    reply: { text: string; repliedAt: string } | null;
  } | null;
  /** A completed ride of theirs, not yet rated. */
  mayReview: boolean;
  /** The business's Google review page (`BUSINESS_GOOGLE_REVIEW_URL`), offered after any rating. */
  googleReviewUrl: string | null;
}

export interface ReviewPostedResponse extends RideReviewResponse {
  message: string;
}

/* The owner's. */

export const ReviewParamsSchema = z.object({ id: z.uuid({ message: REVIEW_MESSAGES.notFound }) });

export const ReviewReplyRequestSchema = z.object({
  /** Empty clears the reply. */
  text: z
    .string({ error: REVIEW_MESSAGES.reply })
    .trim()
    .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.reply),
});

export const ReviewHideRequestSchema = z.object({
  reason: z
    .string({ error: REVIEW_MESSAGES.reason })
    .trim()
    .min(1, REVIEW_MESSAGES.reason)
    .max(REVIEW_HIDDEN_REASON_MAX, REVIEW_MESSAGES.reasonTooLong),
});

export const OwnerReviewSchema = PublicReviewSchema.extend({
  appointmentId: z.uuid(),
  carName: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  repliedBy: z.string().nullable(),
  hidden: z.object({ at: z.string(), reason: z.string(), by: z.string() }).nullable(),
});
export type OwnerReview = z.infer<typeof OwnerReviewSchema>;

export interface OwnerReviewsResponse {
  success: true;
  reviews: OwnerReview[];
  /** Over every review, hidden ones too. */
  count: number;
  average: number | null;
  hiddenCount: number;
}

export interface OwnerReviewChangedResponse {
  success: true;
  message: string;
  review: OwnerReview;
}
