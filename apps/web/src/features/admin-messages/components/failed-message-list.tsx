import { Link } from 'wouter';
import { failureInWords, formatNewYorkTime, MESSAGE_ROUTES, type FailedMessage } from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { useFailedMessages } from '../hooks/use-failed-messages.ts';

/** What the message is, in the owner's words, and whom it was for by which channel. */
const describe = (message: FailedMessage) =>
  `${MESSAGE_ROUTES[message.template].label} (${message.channel === 'sms' ? 'text' : 'email'} to ${message.audience === 'owner' ? 'the business' : message.audience === 'account' ? 'the account holder' : 'the customer'})`;

/** Failed messages, newest first, each with its ride and its retry. */
export function FailedMessageList({ rideHref }: { rideHref: (rideId: string) => string }) {
  const { messages, loading, failure, notice, retrying, retry, reload } = useFailedMessages();
  return (
    <section aria-label="Failed messages" className="mt-8">
      <p role="status" className="mb-4 text-ink-muted empty:hidden">
        {loading ? 'Loading messages...' : notice?.ok ? notice.text : ''}
      </p>
      {notice && !notice.ok ? (
        <p role="alert" className="mb-4 text-danger">
          {notice.text}
        </p>
      ) : null}
      {failure ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-danger">
            {failure}
          </p>
          <button type="button" onClick={reload} className={buttonSecondary}>
            Try again
          </button>
        </div>
      ) : null}
      {messages.length > 0 ? (
        <ol role="list" className="space-y-3">
          {messages.map((message) => (
            <li key={message.id}>
              <article className={`${card} p-4 sm:p-5`} aria-labelledby={`message-${message.id}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h2 id={`message-${message.id}`} className="font-semibold text-brand">
                    {describe(message)}
                  </h2>
                  <p className="text-sm text-ink-muted">
                    Failed{' '}
                    <time dateTime={message.failedAt}>
                      {formatNewYorkTime(new Date(message.failedAt))}
                    </time>
                  </p>
                </div>
                <dl className="mt-2 space-y-1 text-sm">
                  <div>
                    <dt className="inline text-ink-muted">To: </dt>
                    <dd className="inline [overflow-wrap:anywhere] text-ink">
                      {message.recipient}
                    </dd>
                  </div>
                  <div>
                    <dt className="inline text-ink-muted">Attempts: </dt>
                    <dd className="inline text-ink">{message.attempts}</dd>
                  </div>
                  <div>
                    <dt className="text-ink-muted">Why it failed</dt>
                    <dd className="[overflow-wrap:anywhere] text-ink">
                      {message.lastError ? (
                        <FailureReason lastError={message.lastError} />
                      ) : (
                        'Nothing was recorded.'
                      )}
                    </dd>
                  </div>
                </dl>
                <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3">
                  <button
                    type="button"
                    className={buttonSecondary}
                    disabled={retrying === message.id}
                    aria-describedby={`message-${message.id}`}
                    onClick={() => retry(message.id)}
                  >
                    {retrying === message.id ? 'Sending again...' : 'Send again'}
                  </button>
                  {message.appointmentId ? (
                    <Link
                      href={rideHref(message.appointmentId)}
                      className="text-brand underline"
                      aria-describedby={`message-${message.id}`}
                    >
                      Open the ride
                    </Link>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ol>
      ) : loading || failure ? null : (
        <p className={`${card} p-6 text-ink-muted`}>No failed messages: everything was sent.</p>
      )}
    </section>
  );
}

/** The failure in plain words; what the provider said (its code) in a disclosure beneath. */
function FailureReason({ lastError }: { lastError: string }) {
  const { words, providerSaid, helpUrl } = failureInWords(lastError);
  return (
    <>
      <span className="font-medium">{words}</span>
      <details className="mt-1">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-ink-muted">
          Details
        </summary>
        <p className="text-ink-muted">
          The provider said: <span className="font-mono text-ink">{providerSaid}</span>
        </p>
        {helpUrl ? (
          <p className="mt-1">
            <a
              href={helpUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand underline"
            >
              The provider’s page about this error
            </a>
          </p>
        ) : null}
      </details>
    </>
  );
}
