import { useId, useState, type FormEvent } from 'react';
import {
  REVIEW_HIDDEN_REASON_MAX,
  REVIEW_REPLY_MAX,
  formatNewYorkTime,
  type OwnerReview,
} from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { hintClass, inputClass, labelClass } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { Stars } from '../../../components/reviews/stars.tsx';
import { hideReview, replyToReview, unhideReview } from '../api/reviews.ts';

/**
 * One review as the owner sees it: who wrote it, for which car, and the two answers the owner
 * has: a public reply (written, changed, cleared) and hiding it with a reason (or showing it
 * again). Each change is audited by the server.
 */
export function ReviewCard({
  review,
  onChanged,
}: {
  review: OwnerReview;
  onChanged: (review: OwnerReview) => void;
}) {
  const id = useId();
  const [reply, setReply] = useState(review.reply?.text ?? '');
  const [reason, setReason] = useState('');
  const [hiding, setHiding] = useState(false);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);

  async function run(call: () => Promise<{ message: string; review: OwnerReview }>) {
    setError('');
    setSending(true);
    try {
      const answer = await call();
      onChanged(answer.review);
      notify('success', answer.message, { form: `review-${review.id}` });
      return true;
    } catch (failure) {
      setError(failureMessage(failure, 'load'));
      return false;
    } finally {
      setSending(false);
    }
  }

  const saveReply = (event: FormEvent) => {
    event.preventDefault();
    void run(() => replyToReview(review.id, reply));
  };
  const hide = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError('Please say why this review is hidden.');
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    void run(() => hideReview(review.id, reason)).then((done) => {
      if (done) {
        setHiding(false);
        setReason('');
      }
    });
  };

  return (
    <article aria-labelledby={`${id}-title`} className={`${card} p-4 sm:p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="font-semibold text-brand">
          {review.customer.name} · {review.carName}
        </h2>
        <p className="text-sm text-ink-muted">
          <time dateTime={review.createdAt}>{formatNewYorkTime(new Date(review.createdAt))}</time>
        </p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Stars stars={review.stars} />
        {review.hidden ? (
          <span className="rounded-full bg-danger-tint px-3 py-1 text-sm font-semibold text-danger">
            Hidden from the site
          </span>
        ) : null}
      </div>
      {review.text ? (
        <p className="mt-2 [overflow-wrap:anywhere] whitespace-pre-line text-ink">{review.text}</p>
      ) : null}
      {review.tags.length > 0 ? <p className={hintClass}>{review.tags.join(' · ')}</p> : null}
      <p className={`${hintClass} [overflow-wrap:anywhere]`}>{review.customer.email}</p>
      {review.hidden ? (
        <p className="mt-2 text-sm text-ink">
          Hidden by {review.hidden.by} on {formatNewYorkTime(new Date(review.hidden.at))}:{' '}
          {review.hidden.reason}
        </p>
      ) : null}

      <form onSubmit={saveReply} className="mt-4 space-y-2">
        <label htmlFor={`${id}-reply`} className={labelClass}>
          Public reply
        </label>
        <textarea
          id={`${id}-reply`}
          value={reply}
          maxLength={REVIEW_REPLY_MAX}
          rows={2}
          onChange={(event) => setReply(event.target.value)}
          aria-describedby={`${id}-reply-hint`}
          className={`${inputClass} w-full`}
        />
        <p id={`${id}-reply-hint`} className={hintClass}>
          Shown under the review on the site. Save it empty to remove it.
        </p>
        <button type="submit" className={buttonSecondary} disabled={sending}>
          Save reply
        </button>
      </form>

      <div className="mt-4">
        {review.hidden ? (
          <button
            type="button"
            className={buttonSecondary}
            disabled={sending}
            onClick={() => void run(() => unhideReview(review.id))}
          >
            Show on the site again
          </button>
        ) : hiding ? (
          <form onSubmit={hide} className="space-y-2">
            <label htmlFor={`${id}-reason`} className={labelClass}>
              Why hide it?
            </label>
            <input
              id={`${id}-reason`}
              // Opened by its button, which is gone: the keyboard goes on from here.
              autoFocus
              value={reason}
              maxLength={REVIEW_HIDDEN_REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              aria-describedby={`${id}-reason-hint`}
              className={`${inputClass} w-full`}
            />
            <p id={`${id}-reason-hint`} className={hintClass}>
              Kept for you and the audit trail. A hidden review still counts in your numbers.
            </p>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={buttonPrimary} disabled={sending}>
                Hide review
              </button>
              <button type="button" className={buttonSecondary} onClick={() => setHiding(false)}>
                Keep it shown
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className={buttonSecondary} onClick={() => setHiding(true)}>
            Hide from the site
          </button>
        )}
      </div>
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-danger-tint px-4 py-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </article>
  );
}
