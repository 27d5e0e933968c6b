import { and, count, desc, eq, isNull, lte, sql, sum } from 'drizzle-orm';
import { reviews, users, type Database } from '@app/db';
import {
  PUBLIC_REVIEWS_ON_HOME,
  PUBLIC_REVIEWS_PER_CAR,
  averageStars,
  firstNameOf,
  type CarReviews,
  type PublicReview,
  type PublicReviews,
} from '@app/shared';

/**
 * The reviews the site shows, for the live pages (carried with the catalogue's load) and
 * `GET /api/reviews`: each car's count, average and newest few, and the same over the whole
 * site for the home page. Hidden reviews are left out of all of it; the owner's numbers
 * (`list-owner-reviews.ts`) keep them. Two queries whatever the number of cars.
 */
export async function listPublicReviews(db: Database): Promise<PublicReviews> {
  const shown = isNull(reviews.hiddenAt);
  const ranked = db
    .select({
      id: reviews.id,
      serviceId: reviews.serviceId,
      stars: reviews.stars,
      text: reviews.text,
      tags: reviews.tags,
      createdAt: reviews.createdAt,
      replyText: reviews.replyText,
      repliedAt: reviews.repliedAt,
      name: users.name,
      rank: sql<number>`row_number() over (partition by ${reviews.serviceId} order by ${reviews.createdAt} desc, ${reviews.id} desc)`.as(
        'rank',
      ),
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(shown)
    .as('ranked');
  const [totals, latest] = await Promise.all([
    db
      .select({ serviceId: reviews.serviceId, count: count(), stars: sum(reviews.stars) })
      .from(reviews)
      .where(shown)
      .groupBy(reviews.serviceId),
    db
      .select()
      .from(ranked)
      .where(and(lte(ranked.rank, PUBLIC_REVIEWS_PER_CAR)))
      .orderBy(desc(ranked.createdAt), desc(ranked.id)),
  ]);

  const byCar: Record<string, CarReviews> = {};
  let allCount = 0;
  let allStars = 0;
  for (const row of totals) {
    const stars = Number(row.stars ?? 0);
    allCount += row.count;
    allStars += stars;
    byCar[row.serviceId] = {
      count: row.count,
      average: averageStars(stars, row.count),
      latest: [],
    };
  }
  const all: PublicReview[] = latest.map((row) => ({
    id: row.id,
    serviceId: row.serviceId,
    stars: row.stars,
    text: row.text,
    tags: row.tags,
    firstName: firstNameOf(row.name),
    createdAt: row.createdAt.toISOString(),
    reply:
      row.replyText !== null && row.repliedAt !== null
        ? { text: row.replyText, repliedAt: row.repliedAt.toISOString() }
        : null,
  }));
  for (const review of all) byCar[review.serviceId]?.latest.push(review);
  return {
    overall: {
      count: allCount,
      average: averageStars(allStars, allCount),
      latest: all.slice(0, PUBLIC_REVIEWS_ON_HOME),
    },
    byCar,
  };
}
