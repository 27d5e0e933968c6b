import type { FastifyInstance } from 'fastify';
import type { Database } from '@app/db';
import {
  MESSAGES,
  REVIEW_MESSAGES,
  ReviewHideRequestSchema,
  ReviewParamsSchema,
  ReviewReplyRequestSchema,
  ReviewRequestSchema,
  RideParamsSchema,
  type OwnerReviewChangedResponse,
  type OwnerReviewsResponse,
  type PublicReviewsResponse,
  type ReviewPostedResponse,
  type RideReviewResponse,
} from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import { AppError } from '../../errors.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';
import { ownerActor } from '../audit/record-audit.ts';
import { getRideReview } from './get-ride-review.ts';
import { findOwnerReview, listOwnerReviews } from './list-owner-reviews.ts';
import { hideReview, replyToReview, unhideReview } from './moderate-review.ts';
import { postReview } from './post-review.ts';

/** Review posts per account: a customer rates a ride once; a bound on probing with many. */
export const REVIEWS_PER_USER: RateLimit = { max: 20, windowMs: 60 * 60_000 };

export interface ReviewRouteDeps {
  db: Database;
  limiter: Limiter;
  /** The business's Google review page, offered after any rating; null hides it. */
  googleReviewUrl: string | null;
  /** The site's lists of reviews travel with the catalogue's load: told of every change. */
  onReviewsChanged: () => void;
  /** The public lists, as the live pages carry them. */
  publicReviews: () => Promise<PublicReviewsResponse>;
  now: () => Date;
}

/**
 * Verified reviews: the customer's of their completed ride (`/api/appointments/:id/review`),
 * the site's public lists (`/api/reviews`), and the owner's Reviews area (`/api/admin/reviews`).
 */
export function registerReviewRoutes(app: FastifyInstance, deps: ReviewRouteDeps): void {
  const { db, now } = deps;

  app.get('/api/reviews', async (_request, reply): Promise<PublicReviewsResponse> => {
    reply.header('cache-control', 'no-cache');
    return deps.publicReviews();
  });

  app.get(
    '/api/appointments/:id/review',
    { config: { auth: 'customer' } },
    async (request, reply): Promise<RideReviewResponse> => {
      reply.header('cache-control', 'no-store');
      const { id } = RideParamsSchema.parse(request.params);
      const userId = signedInUser(request).id;
      return {
        success: true,
        ...(await getRideReview(db, { appointmentId: id, userId }, deps.googleReviewUrl)),
      };
    },
  );

  app.post(
    '/api/appointments/:id/review',
    { config: { auth: 'customer' } },
    async (request): Promise<ReviewPostedResponse> => {
      const { id } = RideParamsSchema.parse(request.params);
      const review = ReviewRequestSchema.parse(request.body ?? {});
      const userId = signedInUser(request).id;
      // Counted once valid: only what could be stored uses up the allowance.
      await deps.limiter.consume(
        rateLimitKeys.reviewsByUser(userId),
        REVIEWS_PER_USER,
        MESSAGES.tooManyRequests,
      );
      await postReview(db, { appointmentId: id, userId, review, now: now() });
      deps.onReviewsChanged();
      return {
        success: true,
        message: REVIEW_MESSAGES.thanks,
        ...(await getRideReview(db, { appointmentId: id, userId }, deps.googleReviewUrl)),
      };
    },
  );

  const owner = { config: { auth: 'owner' as const } };

  app.get('/api/admin/reviews', owner, async (_request, reply): Promise<OwnerReviewsResponse> => {
    reply.header('cache-control', 'no-store');
    return { success: true, ...(await listOwnerReviews(db)) };
  });

  /** The review as it is now, after a change. */
  const changed = async (id: string, message: string): Promise<OwnerReviewChangedResponse> => {
    deps.onReviewsChanged();
    const review = await findOwnerReview(db, id);
    if (!review) throw AppError.notFound(REVIEW_MESSAGES.notFound);
    return { success: true, message, review };
  };

  app.post('/api/admin/reviews/:id/reply', owner, async (request) => {
    const { id } = ReviewParamsSchema.parse(request.params);
    const { text } = ReviewReplyRequestSchema.parse(request.body ?? {});
    const actor = await ownerActor(db, signedInUser(request).id);
    const outcome = await replyToReview(db, { id, text }, { actor, now: now() });
    return changed(
      id,
      outcome === 'cleared'
        ? 'Your reply is removed.'
        : outcome === 'replied'
          ? 'Your reply is on the site.'
          : 'Nothing changed.',
    );
  });

  app.post('/api/admin/reviews/:id/hide', owner, async (request) => {
    const { id } = ReviewParamsSchema.parse(request.params);
    const { reason } = ReviewHideRequestSchema.parse(request.body ?? {});
    const actor = await ownerActor(db, signedInUser(request).id);
    const hidden = await hideReview(db, { id, reason }, { actor, now: now() });
    return changed(id, hidden ? 'The review is hidden from the site.' : 'It was already hidden.');
  });

  app.post('/api/admin/reviews/:id/unhide', owner, async (request) => {
    const { id } = ReviewParamsSchema.parse(request.params);
    const actor = await ownerActor(db, signedInUser(request).id);
    const shown = await unhideReview(db, id, { actor, now: now() });
    return changed(id, shown ? 'The review is on the site again.' : 'It was already shown.');
  });
}
