import { PageMeta } from '../components/page-meta.tsx';
import { container, eyebrow } from '../components/ui/styles.ts';
import { FeedbackForm } from '../features/feedback/components/feedback-form.tsx';

/** /feedback: a message, a star rating, a mood and an anonymous option. */
export default function FeedbackPage() {
  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="Send Feedback" />
      <div className="mx-auto max-w-2xl">
        <p className={eyebrow}>Feedback</p>
        <h1
          id="feedback-title"
          className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl"
        >
          Tell us how we did
        </h1>
        <p className="mt-2 text-ink-muted">
          Every note is read by our team. It helps us keep rides on time and cars spotless.
        </p>

        <FeedbackForm titleId="feedback-title" />
      </div>
    </div>
  );
}
