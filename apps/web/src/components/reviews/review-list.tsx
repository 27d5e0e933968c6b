import { reviewByline, type CarReviews, type Service } from '@app/shared';
import { eyebrow } from '../ui/styles.ts';
import { Stars } from './stars.tsx';

interface ReviewListProps {
  reviews: CarReviews;
  /** The heading's id (the section is named by it). */
  titleId: string;
  title: string;
  /** On the home page, each review names its car. */
  cars?: Service[];
  className?: string;
}

/**
 * Verified reviews, newest first, with their average and count: the reviewer's first name and
 * the month, the owner's public reply. Nothing at all while there are none.
 */
export function ReviewList({ reviews, titleId, title, cars, className = '' }: ReviewListProps) {
  if (reviews.count === 0 || reviews.average === null) return null;
  const carName = (id: string) => cars?.find((car) => car._id === id)?.name;
  return (
    <section aria-labelledby={titleId} className={className}>
      <p className={eyebrow}>Verified rides</p>
      <h2 id={titleId} className="mt-2 text-3xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      <p className="mt-3 flex flex-wrap items-center gap-2 text-ink">
        <Stars stars={Math.round(reviews.average)} size="size-5" />
        <span>
          <strong>{reviews.average.toFixed(1)}</strong> out of 5 from{' '}
          {reviews.count === 1 ? '1 review' : `${reviews.count} reviews`}
        </span>
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {reviews.latest.map((review) => {
          const car = carName(review.serviceId);
          return (
            <li key={review.id} className="rounded-card bg-surface p-5 shadow-card">
              <article aria-label={`Review by ${review.firstName}`} className="space-y-2">
                <Stars stars={review.stars} />
                {review.text ? <p className="text-ink">{review.text}</p> : null}
                {review.tags.length > 0 ? (
                  <p className="text-sm text-ink-muted">{review.tags.join(' · ')}</p>
                ) : null}
                <p className="text-sm font-semibold text-ink">
                  {reviewByline(review.firstName, review.createdAt)}
                  {car ? <span className="font-normal text-ink-muted"> · {car}</span> : null}
                </p>
                {review.reply ? (
                  <div className="rounded-xl bg-brand-tint px-4 py-3 text-sm text-ink">
                    <p className="font-semibold">Reply from the owner</p>
                    <p className="mt-1">{review.reply.text}</p>
                  </div>
                ) : null}
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
