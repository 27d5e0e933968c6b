import { useId, useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import { formatNewYorkShort, type CalendarFeedResponse } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { isOffline } from '../../../lib/offline-copy.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { useSession } from '../../../state/session.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { getCalendarFeed, makeCalendarFeed, revokeCalendarFeed } from '../api/calendar-feed.ts';

/** The feed's address for a calendar app: `webcal:` asks the phone to subscribe, not download. */
export function subscribeUrl(url: string): string {
  return url.replace(/^https?:/, 'webcal:');
}

/**
 * "Your calendar": the rides the signed-in chauffeur drives, or an owner's every ride of the
 * business (the server decides, by role), in their phone's own calendar.
 * The link is shown once, when made (the server keeps only its hash); making a new one stops
 * the old, and Stop ends it.
 */
export function CalendarLink() {
  const headingId = useId();
  const owner = useSession().user?.role === 'owner';
  const feed = useLoad(getCalendarFeed);
  const [made, setMade] = useState<string>();
  const [said, setSaid] = useState<{ text: string; failed: boolean }>();
  const [busy, setBusy] = useState(false);

  async function act(call: () => Promise<CalendarFeedResponse>) {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await call();
      feed.set(() => answer);
      setMade(answer.url);
      setSaid({ text: answer.message ?? '', failed: false });
    } catch (error) {
      setSaid({ text: failureMessage(error, 'load'), failed: true });
    } finally {
      setBusy(false);
    }
  }

  // With no signal the sheet above says so; the link waits for one.
  if (!feed.data && isOffline(feed.error)) return null;
  const current = feed.data?.feed;
  const now = new Date();
  return (
    <section aria-labelledby={headingId} className={`${card} mt-10 p-5 sm:p-6`}>
      <h2 id={headingId} className="text-xl font-semibold text-brand">
        Your calendar
      </h2>
      <p className="mt-2 text-ink-muted">
        Add {owner ? 'every ride of the business' : 'the rides you drive'} to your phone’s calendar.
        It asks for them again now and then, so new and moved rides appear by themselves.
      </p>
      {!feed.data ? (
        <p role={feed.failure ? 'alert' : 'status'} className="mt-4 text-ink-muted">
          {feed.failure ?? 'Loading your calendar link...'}
        </p>
      ) : (
        <>
          <p className="mt-4 text-ink">
            {current
              ? `Your link was made ${formatNewYorkShort(new Date(current.createdAt), now)}; ${
                  current.lastReadAt
                    ? `a calendar last read it ${formatNewYorkShort(new Date(current.lastReadAt), now)}.`
                    : 'no calendar has read it yet.'
                }`
              : 'You have no calendar link.'}
          </p>
          {made ? (
            <div className="mt-4">
              <label htmlFor={`${headingId}-url`} className="block font-semibold text-ink">
                Calendar link (shown only now)
              </label>
              <input
                id={`${headingId}-url`}
                readOnly
                value={made}
                onFocus={(event) => event.currentTarget.select()}
                className="mt-1 w-full rounded-lg border border-brand/20 bg-surface px-3 py-2 text-sm text-ink"
              />
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <a href={subscribeUrl(made)} className={buttonSecondary}>
                  <CalendarPlus aria-hidden="true" className="size-4" />
                  Add to this phone’s calendar
                </a>
                <CopyButton text={made} label="Copy link" done="Link copied." />
              </div>
            </div>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={() => void act(makeCalendarFeed)}
              className={buttonSecondary}
            >
              {current ? 'Make a new link' : 'Make a calendar link'}
            </button>
            {current ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => void act(revokeCalendarFeed)}
                className={buttonSecondary}
              >
                Stop the link
              </button>
            ) : null}
          </div>
          {current ? (
            <p className="mt-2 text-sm text-ink-muted">A new link stops the one made before.</p>
          ) : null}
        </>
      )}
      <p role={said?.failed ? 'alert' : 'status'} className="mt-3 text-sm text-ink">
        {said?.text}
      </p>
    </section>
  );
}
