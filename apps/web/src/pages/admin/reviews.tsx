import type { OwnerReview } from '@app/shared';
import { useLoad } from '../../lib/use-load.ts';
import { card } from '../../components/ui/styles.ts';
import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { listOwnerReviews } from '../../features/admin-reviews/api/reviews.ts';
import { ReviewCard } from '../../features/admin-reviews/components/review-card.tsx';

/** /admin/reviews: every review, hidden ones too, with the owner's reply and hide. */
export default function ReviewsScreen() {
  const loaded = useLoad(() => listOwnerReviews(), []);
  const data = loaded.data;
  const changed = (review: OwnerReview) =>
    loaded.set((now) => {
      const reviews = now.reviews.map((r) => (r.id === review.id ? review : r));
      return { ...now, reviews, hiddenCount: reviews.filter((r) => r.hidden).length };
    });
  return (
    <>
      <ConsoleHeading title="Reviews">
        What customers rated their rides, newest first. Your numbers count every review, hidden ones
        too; the site shows only those not hidden. Dates are New York time.
      </ConsoleHeading>
      {loaded.failure ? (
        <p role="alert" className="mt-8 text-danger">
          {loaded.failure}
        </p>
      ) : !data ? (
        <p className="mt-8 text-ink-muted">Loading reviews...</p>
      ) : (
        <section aria-label="Reviews" className="mt-8">
          <p className="mb-3 text-ink-muted" role="status">
            {data.count === 1 ? '1 review' : `${data.count} reviews`}
            {data.average !== null ? `, ${data.average.toFixed(1)} out of 5 on average` : ''}
            {data.hiddenCount > 0 ? ` (${data.hiddenCount} hidden from the site)` : ''}.
          </p>
          {data.reviews.length === 0 ? (
            <p className={`${card} p-6 text-ink-muted`}>No ride has been rated yet.</p>
          ) : (
            <ol role="list" className="space-y-3">
              {data.reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} onChanged={changed} />
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </>
  );
}
