import type { FastifyInstance } from 'fastify';
import { feedback, type Database } from '@app/db';
import { FeedbackSchema, MESSAGES } from '@app/shared';

export function registerFeedbackRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date },
): void {
  app.post('/api/feedback/leave-feedback', { config: { auth: true } }, async (request) => {
    const input = FeedbackSchema.parse(request.body);
    await deps.db.insert(feedback).values({
      // Anonymous feedback keeps no link to its author, not even in the database.
      userId: input.isAnonymous ? null : request.userId,
      message: input.feedback,
      rating: input.rating,
      emoji: input.emoji,
      isAnonymous: input.isAnonymous,
      createdAt: deps.now(),
    });
    return { success: true, message: MESSAGES.feedbackThanks };
  });
}
