import type { ReactNode } from 'react';
import { PageMeta } from '../../../components/page-meta.tsx';

/** Every console screen's title (its `<title>` too) and a line on what it is for. */
export function ConsoleHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageMeta title={`${title} · Console`} />
      <h1 className="text-3xl font-bold tracking-tight text-brand sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{children}</p>
    </>
  );
}
