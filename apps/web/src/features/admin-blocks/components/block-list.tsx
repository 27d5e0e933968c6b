import { useRef, useState } from 'react';
import { formatNewYorkTime, type Block } from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { deleteBlock } from '../api/blocks.ts';

const weekdayOf = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'long',
});
const dayOf = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
});

/**
 * What a block's series is, in words, from the rows of it the list holds: "Every Sunday until
 * Dec 27", "All cars", or both; undefined for a lone block.
 */
export function seriesLabel(block: Block, all: readonly Block[]): string | undefined {
  if (!block.seriesId) return undefined;
  const rows = all.filter((b) => b.seriesId === block.seriesId);
  const cars = new Set(rows.map((b) => b.serviceId));
  const starts = [...new Set(rows.map((b) => b.startsAt))].sort();
  const parts: string[] = [];
  const last = starts.at(-1);
  if (starts.length > 1 && last) {
    parts.push(
      `Every ${weekdayOf.format(new Date(block.startsAt))} until ${dayOf.format(new Date(last))}`,
    );
  }
  if (cars.size > 1) parts.push(parts.length ? 'all cars' : 'All cars');
  return parts.length ? parts.join(', ') : 'Part of a series';
}

/** A list of blocks (upcoming or past), each with its car, its span in New York time, its note. */
export function BlockList({
  title,
  blocks,
  empty,
  onDeleted,
}: {
  title: string;
  blocks: readonly Block[];
  empty: string;
  onDeleted: () => void;
}) {
  const headingId = `blocks-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-xl font-semibold text-brand">
        {title}
      </h2>
      {blocks.length === 0 ? (
        <p className={`${card} mt-3 p-4 text-ink-muted`}>{empty}</p>
      ) : (
        <ul role="list" className="mt-3 space-y-3">
          {blocks.map((block) => (
            <li key={block.id}>
              <BlockCard block={block} series={seriesLabel(block, blocks)} onDeleted={onDeleted} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockCard({
  block,
  series,
  onDeleted,
}: {
  block: Block;
  series: string | undefined;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const from = formatNewYorkTime(new Date(block.startsAt));
  const to = formatNewYorkTime(new Date(block.endsAt));

  async function remove(following: boolean) {
    setDeleting(true);
    setFailure(undefined);
    try {
      const { message } = await deleteBlock(block.id, following);
      notify('success', message);
      onDeleted();
    } catch (error) {
      setFailure(failureMessage(error, 'load'));
      setDeleting(false);
    }
  }

  return (
    <article className={`${card} p-4 sm:p-5`}>
      <h3 className="font-semibold text-brand">{block.serviceName}</h3>
      {series ? <p className="mt-1 text-sm font-medium text-ink">{series}</p> : null}
      <p className="mt-1 text-ink">
        <time dateTime={block.startsAt}>{from}</time>
        <span aria-hidden="true"> – </span>
        <span className="sr-only"> to </span>
        <time dateTime={block.endsAt}>{to}</time>
      </p>
      {block.note ? (
        <p className="mt-1 [overflow-wrap:anywhere] text-ink-muted">{block.note}</p>
      ) : null}
      {block.createdBy ? (
        <p className="mt-1 text-sm [overflow-wrap:anywhere] text-ink-muted">By {block.createdBy}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {confirming ? (
          <>
            <p id={`confirm-${block.id}`} className="text-ink">
              {series
                ? 'Delete this block, or this one and the following of its series (every car)? Customers can book those times again.'
                : 'Delete this block? Customers can book that time again.'}
            </p>
            <button
              ref={confirmRef}
              type="button"
              disabled={deleting}
              aria-describedby={`confirm-${block.id}`}
              onClick={() => void remove(false)}
              className={buttonSecondary}
            >
              {deleting ? 'Deleting…' : series ? 'Delete this one' : 'Yes, delete'}
            </button>
            {series ? (
              <button
                type="button"
                disabled={deleting}
                aria-describedby={`confirm-${block.id}`}
                onClick={() => void remove(true)}
                className={buttonSecondary}
              >
                Delete this and the following
              </button>
            ) : null}
            <button
              type="button"
              disabled={deleting}
              onClick={() => {
                setConfirming(false);
                requestAnimationFrame(() => deleteRef.current?.focus());
              }}
              className={buttonSecondary}
            >
              Keep it
            </button>
          </>
        ) : (
          <button
            ref={deleteRef}
            type="button"
            aria-label={`Delete the block of ${block.serviceName} from ${from} to ${to}`}
            onClick={() => {
              setConfirming(true);
              requestAnimationFrame(() => confirmRef.current?.focus());
            }}
            className={buttonSecondary}
          >
            Delete
          </button>
        )}
      </div>
      {failure ? (
        <p role="alert" className="mt-2 text-danger">
          {failure}
        </p>
      ) : null}
    </article>
  );
}
