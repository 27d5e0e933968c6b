import { useId, useState } from 'react';
import { Laptop, LogOut } from 'lucide-react';
import { formatNewYorkTime, type UserSession } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { endOtherSessions, endSession, listSessions } from '../api/sessions.ts';

const smallButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-brand/15 bg-surface px-4 text-sm font-semibold text-brand transition-colors hover:bg-brand-tint disabled:cursor-not-allowed disabled:opacity-60';

/**
 * The browsers signed in to the account (My Profile): this one marked, each other one with a
 * button to sign it out, and one to sign out all the others.
 */
export function SignedInDevices() {
  const headingId = useId();
  const loaded = useLoad(listSessions, [], {
    onFailed: (failure) => notify('error', failure, { form: 'sessions' }),
  });
  // A failure is said in a toast; the list is then empty rather than loading for ever.
  const sessions: UserSession[] | undefined =
    loaded.data?.sessions ?? (loaded.failure ? [] : undefined);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<{ message: string }>) {
    if (busy) return;
    setBusy(true);
    try {
      notify('success', (await action()).message, { form: 'sessions' });
      await loaded.reload();
    } catch (error) {
      notify('error', failureMessage(error, 'profileUpdate'), { form: 'sessions' });
    } finally {
      setBusy(false);
    }
  }

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <section aria-labelledby={headingId} className={`${card} mt-8 p-6 sm:p-8`}>
      <h2 id={headingId} className="text-xl font-semibold text-brand">
        Signed-in devices
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Where your account is signed in now. Sign out of any device you don&apos;t recognise. Times
        are New York time.
      </p>
      {sessions === undefined ? (
        <p role="status" className="mt-6 text-ink-muted">
          Loading your devices...
        </p>
      ) : (
        <ul role="list" className="mt-6 divide-y divide-line">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4">
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-canvas text-brand-soft"
                aria-hidden="true"
              >
                <Laptop className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">
                  {session.device}
                  {session.current ? (
                    <span className="ml-2 inline-flex rounded-full bg-success-tint px-2.5 py-0.5 align-middle text-xs font-semibold text-success">
                      This device
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-ink-muted">
                  Signed in {formatNewYorkTime(new Date(session.createdAt))}
                  <br />
                  Last used {formatNewYorkTime(new Date(session.lastUsedAt))}
                </p>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void run(() => endSession({ id: session.id }))}
                  className={smallButton}
                >
                  <LogOut className="size-4" aria-hidden="true" />
                  Sign out<span className="sr-only"> of {session.device}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <div className="mt-4 border-t border-line pt-6">
          <button
            type="button"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void run(endOtherSessions)}
            className={`${buttonSecondary} w-full sm:w-auto`}
          >
            Sign out of all other devices
          </button>
        </div>
      ) : null}
    </section>
  );
}
