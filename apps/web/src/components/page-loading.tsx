/**
 * Shown while a screen's code or data loads. It fills the viewport, so what follows (the
 * footer) stays below the fold and does not jump when the content arrives.
 */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-svh justify-center pt-16 text-ink-muted">
      {label}
    </div>
  );
}
