import { CircleAlert } from 'lucide-react';
import { MESSAGE_ROUTES, failureInWords, type Ride } from '@app/shared';
import { buttonSecondary } from '../../../components/ui/styles.ts';

/**
 * The ride's messages the outbox gave up on, in words, each with Send again: fix what failed
 * first (a text to a number that is not a mobile's: Correct details...).
 */
export function FailedMessages({
  messages,
  busy,
  onRetry,
}: {
  messages: Ride['failedMessages'];
  busy: boolean;
  onRetry: (id: string) => void;
}) {
  if (messages.length === 0) return null;
  return (
    <section aria-label="Messages not sent" className="mt-4 rounded-lg bg-danger-tint p-3 text-sm">
      <ul className="space-y-3">
        {messages.map((message) => (
          <li key={message.id} className="flex flex-wrap items-center gap-3">
            <CircleAlert className="size-4 shrink-0 text-danger" aria-hidden="true" />
            <span className="min-w-0 flex-1 text-ink">
              The “{MESSAGE_ROUTES[message.template].label}”{' '}
              {message.channel === 'sms' ? 'text' : 'email'} was not sent:{' '}
              {message.lastError ? failureInWords(message.lastError).words : 'no reason kept.'}
            </span>
            <button
              type="button"
              disabled={busy}
              className={buttonSecondary}
              onClick={() => onRetry(message.id)}
            >
              Send again
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
