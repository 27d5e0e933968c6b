import { buttonSecondary, container } from '../../../components/ui/styles.ts';

/** The console could not ask where the session stands (the network, the server). */
export function ConsoleUnavailable({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={`${container} py-16 text-center`}>
      <h1 className="text-2xl font-bold text-brand">The console did not load</h1>
      <p className="mt-2 text-ink-muted">{message}</p>
      <button type="button" onClick={onRetry} className={`${buttonSecondary} mt-6`}>
        Try again
      </button>
    </div>
  );
}
