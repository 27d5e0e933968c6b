import { eq } from 'drizzle-orm';
import { reviews, type Database } from '@app/db';
import { REVIEW_MESSAGES, type ReviewRequestSchema } from '@app/shared';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import { findOwnRide } from '../appointments/own-ride.ts';

type ReviewInput = z.output<typeof ReviewRequestSchema>;

/**
 * The booking a leg belongs to: a round trip's return names its first leg, which carries the
 * booking's one review (the customer rated one trip, not two rides of the same car).
 */
export const bookingOf = (leg: { id: string; returnOf: string | null }): string =>
  leg.returnOf ?? leg.id;

/**
 * The customer's review of their completed ride, once per booking. Someone else's ride answers
 * 404 as if it did not exist; a ride not completed, 409. One insert: of two posts at once the
 * unique index on the booking keeps the first, and the second is told it was already rated.
 */
export async function postReview(
  db: Database,
  input: { appointmentId: string; userId: string; review: ReviewInput; now: Date },
): Promise<void> {
  const { appointment } = await findOwnRide(db, input.appointmentId, input.userId);
  if (appointment.status !== 'completed') throw AppError.conflict(REVIEW_MESSAGES.notCompleted);
  const inserted = await db
    .insert(reviews)
    .values({
      appointmentId: bookingOf(appointment),
      serviceId: appointment.serviceId,
      userId: input.userId,
      stars: input.review.stars,
      text: input.review.text,
      tags: input.review.tags,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: reviews.appointmentId })
    .returning({ id: reviews.id });
  if (inserted.length === 0) throw AppError.conflict(REVIEW_MESSAGES.alreadyReviewed);
}

/** The review of the booking a leg belongs to, if written. */
export async function reviewOfBooking(db: Database, leg: { id: string; returnOf: string | null }) {
  const [row] = await db
    .select()
    .from(reviews)
    .where(eq(reviews.appointmentId, bookingOf(leg)));
  return row;
}
