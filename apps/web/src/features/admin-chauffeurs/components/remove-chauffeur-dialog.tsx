import { useEffect, useId, useRef, useState } from 'react';
import type { Chauffeur, ChauffeursResponse } from '@app/shared';
import { buttonSecondary } from '../../../components/ui/styles.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { removeChauffeur } from '../api/chauffeurs.ts';

/**
 * Removing a chauffeur, asked before it is done: a modal dialog (the browser's own, as the
 * fleet's and a ride's cancellation are, so focus stays inside and Escape keeps them) that says
 * what follows. Focus starts on keeping them; a refusal is said inside, the dialog left open.
 */
export function RemoveChauffeurDialog({
  chauffeur,
  onRemoved,
  onClose,
}: {
  chauffeur: Chauffeur;
  /** Told of the server's answer (the list, the message) once the dialog has closed. */
  onRemoved: (answer: ChauffeursResponse) => void;
  /** The dialog closed, by Escape, Keep or after removing. */
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState('');
  const id = useId();

  useEffect(() => {
    // Once (an open dialog is left open); closing returns focus to the button that opened it.
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    keep.current?.focus();
  }, []);

  async function remove() {
    setFailure('');
    setSending(true);
    try {
      const answer = await removeChauffeur(chauffeur.id);
      dialog.current?.close();
      onRemoved(answer);
    } catch (error) {
      setFailure(failureMessage(error, 'load'));
      setSending(false);
    }
  }

  const name = chauffeur.name;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-card bg-surface p-6 text-ink shadow-card backdrop:bg-ink/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand">
        Remove {name} as a chauffeur?
      </h2>
      <div id={`${id}-body`} className="mt-3 space-y-2 text-sm">
        <p>They are signed out on every device at once, and their authenticator is forgotten.</p>
        <p>
          Their coming rides lose them: each shows &ldquo;Nobody yet&rdquo; in Rides, for you to
          give to someone else. The rides they drove keep their name.
        </p>
        <p>
          Their account becomes a customer&apos;s again: they can still book rides with{' '}
          {chauffeur.email}.
        </p>
      </div>
      {failure ? (
        <p role="alert" className="mt-4 text-sm font-medium text-danger">
          {failure}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <button
          ref={keep}
          type="button"
          onClick={() => dialog.current?.close()}
          className={buttonSecondary}
        >
          Keep {name}
        </button>
        <button
          type="button"
          disabled={sending}
          onClick={() => void remove()}
          className={`${buttonSecondary} border-danger text-danger`}
        >
          {sending ? 'Removing…' : `Remove ${name}`}
        </button>
      </div>
    </dialog>
  );
}
