import { useId, useState, type FormEvent } from 'react';
import { Send, Star } from 'lucide-react';
import { FEEDBACK_EMOJIS, FEEDBACK_MAX_LENGTH, FeedbackSchema, MESSAGES } from '@app/shared';
import { csrfToken, failureMessage } from '../../../lib/api-client.ts';
import { firstIssue } from '../../../lib/first-issue.ts';
import { notify } from '../../../lib/notify.ts';
import { inputClass, labelClass, RequiredMark } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, card } from '../../../components/ui/styles.ts';
import { leaveFeedback } from '../api/feedback.ts';

type Mood = (typeof FEEDBACK_EMOJIS)[number];

const MOODS: Record<Mood, { emoji: string; label: string }> = {
  sad: { emoji: '😞', label: 'Sad' },
  neutral: { emoji: '😐', label: 'Neutral' },
  happy: { emoji: '😊', label: 'Happy' },
};

const RATING_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** Radios stay real inputs (arrow keys move, Space selects); only their look is custom. */
const hiddenRadio = 'peer sr-only';
const choiceFocus =
  'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent';

function StarRating({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const name = useId();
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset>
      <legend className={labelClass}>How was your ride?</legend>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <div className="flex" onMouseLeave={() => setHovered(0)}>
          {[1, 2, 3, 4, 5].map((stars) => (
            <label
              key={stars}
              className="relative cursor-pointer"
              onMouseEnter={() => setHovered(stars)}
            >
              <input
                type="radio"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                className={hiddenRadio}
                aria-label={stars === 1 ? '1 star' : `${stars} stars`}
              />
              <span
                className={`flex size-11 items-center justify-center rounded-full transition-colors hover:bg-accent-tint ${choiceFocus}`}
              >
                <Star
                  aria-hidden="true"
                  className={`size-7 transition-colors ${
                    stars <= shown
                      ? 'fill-accent text-accent-strong'
                      : 'fill-transparent text-ink-muted/50'
                  }`}
                  strokeWidth={1.5}
                />
              </span>
            </label>
          ))}
        </div>
        <p className="text-sm text-ink-muted" aria-hidden="true">
          {value ? `${value}/5 · ${RATING_WORDS[value]}` : 'Tap a star to rate'}
        </p>
      </div>
    </fieldset>
  );
}

function MoodChoice({ value, onChange }: { value: Mood | ''; onChange: (mood: Mood) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className={labelClass}>Your mood</legend>
      <div className="mt-2 grid grid-cols-3 gap-3 sm:max-w-md">
        {FEEDBACK_EMOJIS.map((mood) => (
          <label key={mood} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={mood}
              checked={value === mood}
              onChange={() => onChange(mood)}
              className={hiddenRadio}
            />
            <span
              className={`flex min-h-11 flex-col items-center justify-center gap-1 rounded-xl border border-line bg-surface px-2 py-3 text-sm font-medium text-ink-muted transition-colors hover:border-brand/40 peer-checked:border-brand peer-checked:bg-brand-tint peer-checked:text-brand ${choiceFocus}`}
            >
              <span className="text-3xl leading-none" aria-hidden="true">
                {MOODS[mood].emoji}
              </span>
              {MOODS[mood].label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A message, a star rating, a mood and an anonymous option; sent, the form starts afresh. */
export function FeedbackForm({ titleId }: { titleId: string }) {
  const [feedback, setFeedback] = useState('');
  const [rating, setRating] = useState(0);
  const [emoji, setEmoji] = useState<Mood | ''>('');
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [busy, setBusy] = useState(false);
  const messageId = useId();
  const counterId = useId();

  function reset() {
    setFeedback('');
    setRating(0);
    setEmoji('');
    setIsAnonymous(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = FeedbackSchema.safeParse({ feedback, rating, isAnonymous, emoji });
    const problem = firstIssue(checked);
    if (!checked.success || problem) {
      notify('error', problem ?? MESSAGES.feedbackRequired, { form: 'feedback' });
      return;
    }
    if (!csrfToken.get()) {
      notify('error', MESSAGES.csrfMissing, { form: 'feedback' });
      return;
    }
    setBusy(true);
    try {
      await leaveFeedback(checked.data);
      notify('success', MESSAGES.feedbackThanks, { form: 'feedback' });
      reset();
    } catch (error) {
      notify('error', failureMessage(error, 'feedback'), { form: 'feedback' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      className={`${card} mt-8 space-y-8 p-6 sm:p-8`}
    >
      <div>
        <div className="flex items-baseline justify-between gap-4">
          <label htmlFor={messageId} className={labelClass}>
            Your feedback
            <RequiredMark />
          </label>
          <span id={counterId} className="text-sm text-ink-muted tabular-nums">
            {feedback.length}/{FEEDBACK_MAX_LENGTH}
          </span>
        </div>
        <textarea
          id={messageId}
          name="feedback"
          rows={6}
          maxLength={FEEDBACK_MAX_LENGTH}
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
          aria-required="true"
          aria-describedby={counterId}
          placeholder="What went well, and what could be better?"
          className={`mt-1.5 ${inputClass} resize-y py-3 leading-6`}
        />
      </div>

      <StarRating value={rating} onChange={setRating} />
      <MoodChoice value={emoji} onChange={setEmoji} />

      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line bg-canvas p-3 text-sm text-ink has-[:checked]:border-brand/30 has-[:checked]:bg-brand-tint">
        <input
          type="checkbox"
          name="isAnonymous"
          checked={isAnonymous}
          onChange={(event) => setIsAnonymous(event.target.checked)}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
        />
        <span>
          <span className="font-medium">Send anonymously</span>
          <span className="block text-ink-muted">
            Your name and account are not stored with this feedback.
          </span>
        </span>
      </label>

      <div className="border-t border-line pt-6">
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className={`${buttonPrimary} w-full text-base sm:w-auto`}
        >
          <Send className="size-4" aria-hidden="true" />
          {busy ? 'Please wait...' : 'Send Feedback'}
        </button>
      </div>
    </form>
  );
}
