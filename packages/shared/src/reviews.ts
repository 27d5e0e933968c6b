/*
 * Verified reviews (issue 31): one per booking, from the customer who rode, after the ride is
 * completed. The database CHECKs the stars and the tags against these lists.
 */

export const REVIEW_STARS = { min: 1, max: 5 } as const;

/** A few words, not an essay: what fits on a card on the car page. */
export const REVIEW_TEXT_MAX = 600;
/** The owner's public reply. */
export const REVIEW_REPLY_MAX = 600;
/** Why a review is hidden: kept for the owner and the audit trail, never shown publicly. */
export const REVIEW_HIDDEN_REASON_MAX = 300;

/** What a customer may tick beside the stars; the database CHECKs each against this list. */
export const REVIEW_TAGS = [
  'On time',
  'Clean car',
  'Friendly chauffeur',
  'Smooth drive',
  'Good value',
  'Easy booking',
] as const;
export type ReviewTag = (typeof REVIEW_TAGS)[number];

/** Newest reviews a car carries on its page, and the home page shows (no more than a car carries: the home page's are the newest of the cars'). */
export const PUBLIC_REVIEWS_PER_CAR = 6;
export const PUBLIC_REVIEWS_ON_HOME = 6;

/** `Ann · November 2026`: the reviewer's first name and the month, in New York. */
export function reviewByline(firstName: string, createdAt: Date | string): string {
  const month = new Date(createdAt).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'America/New_York',
  });
  return `${firstName} · ${month}`;
}

/** The first word of the name the customer gave; a bare "Customer" when there is none. */
export function firstNameOf(name: string | null | undefined): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  return first === '' ? 'Customer' : first;
}

/** An average of whole stars to one decimal, or null with no reviews. */
export function averageStars(starsTotal: number, count: number): number | null {
  return count === 0 ? null : Math.round((starsTotal / count) * 10) / 10;
}
