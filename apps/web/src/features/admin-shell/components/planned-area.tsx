import { card } from '../../../components/ui/styles.ts';
import { ConsoleHeading } from './console-heading.tsx';

/**
 * A console area that is not built yet: what it is for and what it will hold, and no data at
 * all (nothing on it may look live).
 */
export function PlannedArea({
  title,
  summary,
  holds,
}: {
  title: string;
  summary: string;
  holds: readonly string[];
}) {
  return (
    <>
      <ConsoleHeading title={title}>{summary}</ConsoleHeading>
      <section aria-labelledby="planned-heading" className={`${card} mt-8 p-6 sm:p-8`}>
        <h2 id="planned-heading" className="text-lg font-semibold text-brand">
          Coming to this screen
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-ink">
          {holds.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-ink-muted">
          This part of the console is not built yet: there is nothing to act on here today.
        </p>
      </section>
    </>
  );
}
