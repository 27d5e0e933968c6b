import { formatNewYorkTime, type OwnerFeedbackItem } from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { useCursorPages } from '../../../lib/use-load.ts';
import { listFeedback, type FeedbackFilters } from '../api/feedback.ts';
import { MOOD_LABELS } from './mood.ts';

/** Feedback under the filters, newest first, with "Load more" for older messages. */
export function FeedbackList({ filters }: { filters: FeedbackFilters }) {
  const { rating, mood, from, to } = filters;
  const { items, total, nextBefore, loading, failure, loadMore } = useCursorPages(
    (before) =>
      listFeedback({ rating, mood, from, to, before }).then(({ feedback, total, nextBefore }) => ({
        items: feedback,
        total,
        nextBefore,
      })),
    [rating, mood, from, to],
  );
  const filtered = Object.values(filters).some(Boolean);
  return (
    <section aria-label="Messages" className="mt-8">
      {total !== undefined ? (
        <p className="mb-3 text-ink-muted" role="status">
          {total === 1 ? '1 message' : `${total} messages`}
          {filtered ? ' match these filters' : ''}, newest first.
        </p>
      ) : null}
      {items.length > 0 ? (
        <ol role="list" className="space-y-3">
          {items.map((item) => (
            <li key={item.id}>
              <FeedbackCard item={item} />
            </li>
          ))}
        </ol>
      ) : loading || failure ? null : (
        <p className={`${card} p-6 text-ink-muted`}>
          {filtered ? 'No feedback matches these filters.' : 'No feedback has been sent yet.'}
        </p>
      )}
      <div className="mt-6 flex flex-col items-start gap-3">
        {loading ? <p className="text-ink-muted">Loading feedback...</p> : null}
        {failure ? (
          <p role="alert" className="text-danger">
            {failure}
          </p>
        ) : null}
        {!loading && (nextBefore || failure) ? (
          <button type="button" onClick={loadMore} className={buttonSecondary}>
            {failure ? 'Try again' : 'Load more'}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function FeedbackCard({ item }: { item: OwnerFeedbackItem }) {
  return (
    <article className={`${card} p-4 sm:p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-brand">
          {item.author ? item.author.name : item.anonymous ? 'Anonymous' : 'A deleted account'}
        </h2>
        <p className="text-sm text-ink-muted">
          <time dateTime={item.createdAt}>{formatNewYorkTime(new Date(item.createdAt))}</time>
        </p>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-ink-muted">Rating</dt>
          <dd className="font-semibold text-ink">{item.rating} of 5</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-ink-muted">Mood</dt>
          <dd className="font-semibold text-ink">
            {item.mood ? MOOD_LABELS[item.mood] : 'None given'}
          </dd>
        </div>
        {item.author ? (
          <div className="flex gap-1.5">
            <dt className="text-ink-muted">Email</dt>
            <dd className="[overflow-wrap:anywhere] text-ink">{item.author.email}</dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 [overflow-wrap:anywhere] whitespace-pre-line text-ink">{item.message}</p>
    </article>
  );
}
