import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import {
  REVIEW_MESSAGES,
  REVIEW_STARS,
  REVIEW_TAGS,
  REVIEW_TEXT_MAX,
  type RideReviewResponse,
  type ReviewTag,
} from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { hintClass, inputClass, labelClass } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { Stars } from '../../../components/reviews/stars.tsx';
import { getRideReview, rateRide } from '../api/ride.ts';

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * "Rate your ride" on a completed ride's page (the thank-you email links here, `#rate`): stars
 * as a radio group (arrow keys move between them), a few words and tags. Once rated, the review
 * as written, the owner's reply, and the business's Google review page, offered after every
 * rating alike (asking only happy customers breaks Google's and the FTC's rules).
 */
export function RateRide({ rideId }: { rideId: string }) {
  const id = useId();
  const loaded = useLoad(() => getRideReview(rideId), [rideId]);
  const [stars, setStars] = useState(0);
  const [text, setText] = useState('');
  const [tags, setTags] = useState<ReviewTag[]>([]);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [justRated, setJustRated] = useState(false);
  const done = useRef<HTMLParagraphElement>(null);

  const view = loaded.data;
  const shown = Boolean(view && (view.review || view.mayReview));
  // The email's link (`#rate`) arrives before the form does: go to it once it is there.
  useEffect(() => {
    if (shown && window.location.hash === '#rate') {
      document.getElementById('rate')?.scrollIntoView({ block: 'start' });
    }
  }, [shown]);
  // Once rated, the thanks takes the focus from the form's button, which is gone.
  const rated = Boolean(view?.review);
  useEffect(() => {
    if (justRated && rated) done.current?.focus();
  }, [justRated, rated]);
  if (!view || (!view.review && !view.mayReview)) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (stars === 0) {
      setError(REVIEW_MESSAGES.stars);
      // The group's first star: the arrow keys go on from there.
      document.getElementById(`${id}-star-1`)?.focus();
      return;
    }
    setError('');
    setSending(true);
    try {
      const answer = await rateRide(rideId, { stars, text, tags });
      loaded.set((): RideReviewResponse => answer);
      notify('success', answer.message, { form: 'rate' });
      setJustRated(true);
    } catch (failure) {
      setError(failureMessage(failure, 'load'));
    } finally {
      setSending(false);
    }
  }

  return (
    <section id="rate" aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-brand">
        Rate your ride
      </h2>
      {view.review ? (
        <div className="space-y-3">
          <p ref={done} tabIndex={-1} className="font-semibold text-ink outline-none">
            Thank you for rating your ride.
          </p>
          <Stars stars={view.review.stars} size="size-5" />
          {view.review.text ? <p className="text-ink">{view.review.text}</p> : null}
          {view.review.tags.length > 0 ? (
            <p className={hintClass}>{view.review.tags.join(' · ')}</p>
          ) : null}
          {view.review.reply ? (
            <p className="rounded-xl bg-brand-tint px-4 py-3 text-sm text-ink">
              <strong>Our reply:</strong> {view.review.reply.text}
            </p>
          ) : null}
          {view.googleReviewUrl ? (
            <div className="space-y-2 pt-2">
              <p className="text-ink">Would you share a few words on Google too?</p>
              <a
                href={view.googleReviewUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonSecondary}
              >
                Review us on Google
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          ) : null}
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          <fieldset aria-describedby={error ? `${id}-error` : undefined}>
            <legend className={labelClass}>How was it?</legend>
            <div className="mt-2 flex gap-1">
              {Array.from({ length: REVIEW_STARS.max }, (_, i) => i + 1).map((n) => (
                <label key={n} className="relative inline-flex cursor-pointer">
                  <input
                    id={`${id}-star-${n}`}
                    type="radio"
                    name={`${id}-stars`}
                    value={n}
                    checked={stars === n}
                    onChange={() => setStars(n)}
                    className="peer sr-only"
                  />
                  <span className="sr-only">
                    {n} {n === 1 ? 'star' : 'stars'}: {STAR_WORDS[n]}
                  </span>
                  <Star
                    aria-hidden="true"
                    className={`size-11 rounded-lg p-1.5 peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${n <= stars ? 'fill-accent text-accent-strong' : 'text-ink-muted'}`}
                  />
                </label>
              ))}
            </div>
            <p className={hintClass} aria-live="polite">
              {stars > 0 ? `${stars} of 5: ${STAR_WORDS[stars]}` : 'Choose from 1 to 5 stars.'}
            </p>
          </fieldset>
          <div>
            <label htmlFor={`${id}-text`} className={labelClass}>
              A few words <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <textarea
              id={`${id}-text`}
              value={text}
              maxLength={REVIEW_TEXT_MAX}
              rows={3}
              onChange={(event) => setText(event.target.value)}
              aria-describedby={`${id}-text-hint`}
              className={`${inputClass} mt-1.5 w-full`}
            />
            <p id={`${id}-text-hint`} className={hintClass}>
              Shown on our site with your first name and the month. {REVIEW_TEXT_MAX - text.length}{' '}
              characters left.
            </p>
          </div>
          <fieldset>
            <legend className={labelClass}>
              What stood out? <span className="font-normal text-ink-muted">(optional)</span>
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {REVIEW_TAGS.map((tag) => (
                <label
                  key={tag}
                  className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-4 text-sm text-ink has-checked:border-brand has-checked:bg-brand-tint"
                >
                  <input
                    type="checkbox"
                    checked={tags.includes(tag)}
                    onChange={(event) =>
                      setTags((now) =>
                        event.target.checked ? [...now, tag] : now.filter((t) => t !== tag),
                      )
                    }
                    className="size-4 accent-brand"
                  />
                  {tag}
                </label>
              ))}
            </div>
          </fieldset>
          {error ? (
            <p
              id={`${id}-error`}
              role="alert"
              className="rounded-xl bg-danger-tint px-4 py-3 text-sm text-danger"
            >
              {error}
            </p>
          ) : null}
          <button type="submit" className={buttonPrimary} disabled={sending}>
            {sending ? 'Please wait...' : 'Send my rating'}
          </button>
        </form>
      )}
    </section>
  );
}
