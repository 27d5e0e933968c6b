import { Link } from 'wouter';
import { LogIn } from 'lucide-react';
import { buttonSecondary } from '../../../components/ui/styles.ts';

/** Where a visitor would fill in the trip details: signing in comes back to this car. */
export function SignInPrompt({ serviceId, onLeave }: { serviceId: string; onLeave: () => void }) {
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-line bg-brand-tint/60 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="text-base font-semibold text-brand">Your trip details</h3>
        <p className="mt-1 text-sm text-ink-muted">
          Sign in to add your phone number and pickup and drop-off addresses.
        </p>
      </div>
      <Link
        href={`/login?next=/appointment/${serviceId}`}
        onClick={onLeave}
        className={`${buttonSecondary} shrink-0`}
      >
        <LogIn className="size-4" aria-hidden="true" />
        Login / Sign Up
      </Link>
    </div>
  );
}
