import { useEffect, useRef, type ReactNode } from 'react';
import { PageMeta } from '../../../components/page-meta.tsx';
import { card, container, eyebrow } from '../../../components/ui/styles.ts';

/**
 * The frame of the screens before the console (setting up and passing the second factor): a
 * heading that takes focus when the step changes, an introduction, and a card. `place` names
 * what it leads to: the console, or a chauffeur's day sheet.
 */
export function FactorLayout({
  title,
  intro,
  place = 'Console',
  children,
}: {
  title: string;
  intro: ReactNode;
  place?: string | undefined;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstTitle = useRef(title);
  useEffect(() => {
    // A new step (not the first screen): screen-reader and keyboard users start from its heading.
    if (title !== firstTitle.current) headingRef.current?.focus();
  }, [title]);
  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title={title} />
      <div className="mx-auto max-w-xl">
        <p className={eyebrow}>{place}</p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-2 text-3xl font-bold tracking-tight text-brand focus:outline-none sm:text-4xl"
        >
          {title}
        </h1>
        <div className="mt-2 text-ink-muted">{intro}</div>
        <div className={`${card} mt-8 p-6 sm:p-8`}>{children}</div>
      </div>
    </div>
  );
}
