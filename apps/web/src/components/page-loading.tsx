import { card } from './ui/styles.ts';

/**
 * Shown while a screen's code or data loads: its label, and grey shapes where a heading and two
 * cards will be, so the page keeps its layout instead of a bare line of text. It fills the
 * viewport, so what follows (the footer) stays below the fold and does not jump when the content
 * arrives. `inPage`: the page's own heading is already drawn; only the content's place is held.
 */
export function PageLoading({
  label = 'Loading...',
  inPage = false,
}: {
  label?: string;
  inPage?: boolean;
}) {
  const shape = `${card} mt-4 h-72 sm:h-40`;
  return (
    <div role="status" className={`mx-auto min-h-svh max-w-3xl ${inPage ? '' : 'px-4 pt-16'}`}>
      {inPage ? null : <div aria-hidden="true" className="mb-6 h-9 w-2/3 rounded-lg bg-line" />}
      <p className="text-ink-muted">{label}</p>
      <div aria-hidden="true" className={shape} />
      <div aria-hidden="true" className={shape} />
    </div>
  );
}
