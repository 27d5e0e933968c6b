import { count, desc, eq, isNotNull, sum, type SQL } from 'drizzle-orm';
import { reviews, services, users, type Database } from '@app/db';
import { averageStars, firstNameOf, type OwnerReview } from '@app/shared';

/** How many the console lists: the newest; a small business's whole history for years. */
export const OWNER_REVIEWS_LISTED = 200;

const ownerColumns = {
  review: reviews,
  carName: services.name,
  name: users.name,
  email: users.email,
};

type OwnerRow = {
  review: typeof reviews.$inferSelect;
  carName: string;
  name: string;
  email: string;
};

function ownerReviewOf({ review, carName, name, email }: OwnerRow): OwnerReview {
  return {
    id: review.id,
    appointmentId: review.appointmentId,
    serviceId: review.serviceId,
    carName,
    stars: review.stars,
    text: review.text,
    tags: review.tags,
    firstName: firstNameOf(name),
    customer: { name, email },
    createdAt: review.createdAt.toISOString(),
    reply:
      review.replyText !== null && review.repliedAt !== null
        ? { text: review.replyText, repliedAt: review.repliedAt.toISOString() }
        : null,
    repliedBy: review.repliedBy,
    hidden:
      review.hiddenAt !== null && review.hiddenReason !== null && review.hiddenBy !== null
        ? { at: review.hiddenAt.toISOString(), reason: review.hiddenReason, by: review.hiddenBy }
        : null,
  };
}

function selectOwnerReviews(db: Database, where?: SQL) {
  return db
    .select(ownerColumns)
    .from(reviews)
    .innerJoin(services, eq(services.id, reviews.serviceId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where);
}

/** One review as the console shows it, or undefined. */
export async function findOwnerReview(db: Database, id: string): Promise<OwnerReview | undefined> {
  const [row] = await selectOwnerReviews(db, eq(reviews.id, id));
  return row ? ownerReviewOf(row) : undefined;
}

/**
 * Every review, hidden ones too, newest first, with the owner's numbers: the count and average
 * over all of them (hiding a review takes it off the site, not out of the business's numbers).
 */
export async function listOwnerReviews(db: Database) {
  const [rows, [totals], [hidden]] = await Promise.all([
    selectOwnerReviews(db)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(OWNER_REVIEWS_LISTED),
    db.select({ count: count(), stars: sum(reviews.stars) }).from(reviews),
    db.select({ count: count() }).from(reviews).where(isNotNull(reviews.hiddenAt)),
  ]);
  const total = totals?.count ?? 0;
  return {
    reviews: rows.map(ownerReviewOf),
    count: total,
    average: averageStars(Number(totals?.stars ?? 0), total),
    hiddenCount: hidden?.count ?? 0,
  };
}
