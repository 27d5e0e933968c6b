/** Shown while a screen's code or data loads. */
export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center text-ink-muted">
      {label}
    </div>
  );
}
