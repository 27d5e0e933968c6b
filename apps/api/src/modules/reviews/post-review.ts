import { and, eq } from 'drizzle-orm';
import { appointments, reviews, type Database } from '@app/db';
import { REVIEW_MESSAGES, type ReviewRequestSchema } from '@app/shared';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';

type ReviewInput = z.output<typeof ReviewRequestSchema>;

/**
 * The booking a leg belongs to: a round trip's return names its first leg, which carries the
 * booking's one review (the customer rated one trip, not two rides of the same car).
 */
export const bookingOf = (leg: { id: string; returnOf: string | null }): string =>
  leg.returnOf ?? leg.id;

/** As the ride page answers for a ride that is not theirs (`appointments/own-ride.ts`). */
export const RIDE_NOT_FOUND = 'Ride not found';

/** The customer's own ride, or 404 for anyone else's, as if it did not exist. */
export async function findOwnLeg(db: Database, appointmentId: string, userId: string) {
  const [leg] = await db
    .select({
      id: appointments.id,
      returnOf: appointments.returnOf,
      status: appointments.status,
      serviceId: appointments.serviceId,
    })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.userId, userId)));
  if (!leg) throw AppError.notFound(RIDE_NOT_FOUND);
  return leg;
}

/**
 * The customer's review of their completed ride, once per booking. Someone else's ride answers
 * 404 as if it did not exist; a ride not completed, 409. One insert: of two posts at once the
 * unique index on the booking keeps the first, and the second is told it was already rated.
 */
export async function postReview(
  db: Database,
  input: { appointmentId: string; userId: string; review: ReviewInput; now: Date },
): Promise<void> {
  const appointment = await findOwnLeg(db, input.appointmentId, input.userId);
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
