import { useEffect, useRef, useState } from 'react';
import {
  formatNewYorkDayShort,
  formatNewYorkTime,
  type Chauffeur,
  type ChauffeursResponse,
} from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { signOutChauffeur } from '../api/chauffeurs.ts';
import { telHref } from '../utils/chauffeur-fields.ts';
import { RemoveChauffeurDialog } from './remove-chauffeur-dialog.tsx';

/**
 * The chauffeurs, one card each (two abreast on a wide screen): name, whether they are ready
 * (password and authenticator set) or still to use the invitation, email, phone to call, the
 * day they were added, where they are still signed in, Sign out everywhere (a lost phone) and
 * Remove (asked once more in a dialog). After either the server's message is a toast; after a
 * removal focus goes to the list's heading, the card being gone.
 */
export function ChauffeurList({
  chauffeurs,
  onRemoved,
}: {
  chauffeurs: readonly Chauffeur[];
  /** The list after a removal or a sign-out. */
  onRemoved: (answer: ChauffeursResponse) => void;
}) {
  const [removing, setRemoving] = useState<Chauffeur>();
  const heading = useRef<HTMLHeadingElement>(null);
  const [removals, setRemovals] = useState(0);
  const now = new Date();

  useEffect(() => {
    if (removals > 0) heading.current?.focus();
  }, [removals]);

  return (
    <section aria-labelledby="chauffeurs-list-title">
      {removing ? (
        <RemoveChauffeurDialog
          chauffeur={removing}
          onClose={() => setRemoving(undefined)}
          onRemoved={(answer) => {
            if (answer.message) notify('success', answer.message);
            onRemoved(answer);
            setRemovals((n) => n + 1);
          }}
        />
      ) : null}
      <h2
        ref={heading}
        id="chauffeurs-list-title"
        tabIndex={-1}
        className="text-xl font-semibold text-brand focus:outline-none"
      >
        Your chauffeurs
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Ready: they have set their password and authenticator. Invitation sent: not yet; adding them
        again sends a new link.
      </p>
      {chauffeurs.length === 0 ? (
        <p className={`${card} mt-4 p-4 text-ink-muted`}>
          No chauffeurs yet. Add one with the form: they get an email to set their password, and
          then you can give them rides.
        </p>
      ) : (
        <ul role="list" className="mt-4 grid gap-4 xl:grid-cols-2">
          {chauffeurs.map((chauffeur) => (
            <li key={chauffeur.id}>
              <ChauffeurCard
                chauffeur={chauffeur}
                now={now}
                onRemove={() => setRemoving(chauffeur)}
                onSignedOut={onRemoved}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Where a chauffeur is still signed in, in words. */
function signedInOn(chauffeur: Chauffeur): string {
  const sessions = chauffeur.sessions === 1 ? '1 device' : `${chauffeur.sessions} devices`;
  const calendar = chauffeur.calendarLink ? ', and a calendar link' : '';
  return chauffeur.sessions === 0 && !chauffeur.calendarLink ? 'Nowhere' : `${sessions}${calendar}`;
}

function ChauffeurCard({
  chauffeur,
  now,
  onRemove,
  onSignedOut,
}: {
  chauffeur: Chauffeur;
  now: Date;
  onRemove: () => void;
  onSignedOut: (answer: ChauffeursResponse) => void;
}) {
  const titleId = `chauffeur-${chauffeur.id}`;
  const added = new Date(chauffeur.addedAt);
  const [busy, setBusy] = useState(false);

  async function signOut() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await signOutChauffeur(chauffeur.id);
      if (answer.message) notify('success', answer.message);
      onSignedOut(answer);
    } catch (error) {
      notify('error', failureMessage(error, 'load'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <article aria-labelledby={titleId} className={`${card} flex h-full flex-col gap-3 p-4`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={titleId}
          className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere] text-brand"
        >
          {chauffeur.name}
        </h3>
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            chauffeur.ready ? 'bg-success-tint text-success' : 'bg-accent-tint text-accent-strong'
          }`}
        >
          {chauffeur.ready ? 'Ready' : 'Invitation sent'}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 text-sm">
        <dt className="text-ink-muted">Email</dt>
        <dd className="[overflow-wrap:anywhere]">
          <a
            href={`mailto:${chauffeur.email}`}
            className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2"
          >
            {chauffeur.email}
          </a>
        </dd>
        <dt className="text-ink-muted">Phone</dt>
        <dd>
          <a
            href={telHref(chauffeur.phone)}
            className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2"
          >
            {chauffeur.phone}
          </a>
        </dd>
        <dt className="text-ink-muted">Added</dt>
        <dd>
          <time dateTime={chauffeur.addedAt} title={formatNewYorkTime(added)}>
            {formatNewYorkDayShort(added, now)}
          </time>
        </dd>
        <dt className="text-ink-muted">Signed in on</dt>
        <dd>{signedInOn(chauffeur)}</dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-3">
        {chauffeur.sessions > 0 || chauffeur.calendarLink ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void signOut()}
            className={buttonSecondary}
          >
            Sign out everywhere<span className="sr-only"> {chauffeur.name}</span>
          </button>
        ) : null}
        <button type="button" onClick={onRemove} className={buttonSecondary}>
          Remove<span className="sr-only"> {chauffeur.name}</span>
        </button>
      </div>
    </article>
  );
}
