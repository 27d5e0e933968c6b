import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';

/** The way back from the password screens to /login; `className` places it. */
export function BackToLogin({ className }: { className: string }) {
  return (
    <Link
      href="/login"
      className={`${className} inline-flex min-h-11 items-center gap-2 rounded text-sm font-semibold text-brand hover:underline`}
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to Login
    </Link>
  );
}
