import type { Database } from '@app/db';
import type { RideReviewResponse } from '@app/shared';
import { findOwnLeg, reviewOfBooking } from './post-review.ts';

/**
 * The ride page's review part: the customer's review of this booking, whether they may write
 * it, and the Google link. The link is offered once a review exists, whatever its stars: asking
 * only the happy customers breaks Google's and the FTC's rules.
 */
export async function getRideReview(
  db: Database,
  input: { appointmentId: string; userId: string },
  googleReviewUrl: string | null,
): Promise<Omit<RideReviewResponse, 'success'>> {
  const appointment = await findOwnLeg(db, input.appointmentId, input.userId);
  const row = await reviewOfBooking(db, appointment);
  return {
    review: row
      ? {
          stars: row.stars,
          text: row.text,
          tags: row.tags,
          createdAt: row.createdAt.toISOString(),
          reply:
            row.replyText !== null && row.repliedAt !== null
              ? { text: row.replyText, repliedAt: row.repliedAt.toISOString() }
              : null,
        }
      : null,
    mayReview: !row && appointment.status === 'completed',
    googleReviewUrl: row ? googleReviewUrl : null,
  };
}
