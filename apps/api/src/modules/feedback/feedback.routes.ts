import type { FastifyInstance } from 'fastify';
import { feedback, type Database } from '@app/db';
import { FeedbackSchema, MESSAGES, type MessageResponse } from '@app/shared';
import type { RateLimit } from '../../config/env.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { rateLimitKeys, type Limiter } from '../../plugins/rate-limit.ts';

/** Stored feedback per account: far above any customer's need, a bound on filling the table. */
export const FEEDBACK_PER_USER: RateLimit = { max: 20, windowMs: 60 * 60_000 };

export function registerFeedbackRoutes(
  app: FastifyInstance,
  deps: { db: Database; limiter: Limiter; now: () => Date },
): void {
  app.post(
    '/api/feedback/leave-feedback',
    { config: { auth: 'customer' } },
    async (request): Promise<MessageResponse> => {
      const input = FeedbackSchema.parse(request.body);
      const userId = signedInUser(request).id;
      // Counted once valid: only what would be stored uses up the allowance.
      await deps.limiter.consume(
        rateLimitKeys.feedbackByUser(userId),
        FEEDBACK_PER_USER,
        MESSAGES.tooManyRequests,
      );
      await deps.db.insert(feedback).values({
        // Anonymous feedback keeps no link to its author, not even in the database.
        userId: input.isAnonymous ? null : userId,
        message: input.feedback,
        rating: input.rating,
        emoji: input.emoji,
        isAnonymous: input.isAnonymous,
        createdAt: deps.now(),
      });
      return { success: true, message: MESSAGES.feedbackThanks };
    },
  );
}
