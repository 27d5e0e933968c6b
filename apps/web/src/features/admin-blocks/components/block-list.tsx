import { useRef, useState } from 'react';
import { formatNewYorkTime, type Block } from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { deleteBlock } from '../api/blocks.ts';

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
              <BlockCard block={block} onDeleted={onDeleted} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockCard({ block, onDeleted }: { block: Block; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const from = formatNewYorkTime(new Date(block.startsAt));
  const to = formatNewYorkTime(new Date(block.endsAt));

  async function remove() {
    setDeleting(true);
    setFailure(undefined);
    try {
      const { message } = await deleteBlock(block.id);
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
              Delete this block? Customers can book that time again.
            </p>
            <button
              ref={confirmRef}
              type="button"
              disabled={deleting}
              aria-describedby={`confirm-${block.id}`}
              onClick={() => void remove()}
              className={buttonSecondary}
            >
              {deleting ? 'Deleting…' : 'Yes, delete'}
            </button>
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
