import { useState } from 'react';
import { formatNewYorkShort, formatNewYorkTime, type AuditEvent } from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { useCursorPages } from '../../../lib/use-load.ts';
import { listAuditEvents, type AuditFilters } from '../api/audit.ts';
import { describeEvent, type Change } from '../utils/describe-event.ts';

/**
 * The audit trail under the filters, newest first, with "Load more" for older events: each
 * event a sentence (who did what to which ride, car or account), its time in New York, and the
 * fields it changed in words.
 */
export function AuditEventList({ filters }: { filters: AuditFilters }) {
  const { serviceId, ride } = filters;
  const [now] = useState(() => new Date());
  const {
    items: events,
    nextBefore,
    loading,
    failure,
    loadMore,
  } = useCursorPages(
    (before) =>
      listAuditEvents({ serviceId, ride, before }).then(({ events, nextBefore }) => ({
        items: events,
        nextBefore,
      })),
    [serviceId, ride],
  );
  const filtered = Boolean(filters.serviceId || filters.ride);
  return (
    <section aria-label="Events" className="mt-8">
      {events.length > 0 ? (
        <ol role="list" className="space-y-3">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} now={now} />
            </li>
          ))}
        </ol>
      ) : loading || failure ? null : (
        <p className={`${card} p-6 text-ink-muted`}>
          {filtered ? 'No events match these filters.' : 'Nothing has been recorded yet.'}
        </p>
      )}
      <div className="mt-6 flex flex-col items-start gap-3">
        {loading ? (
          <p role="status" className="text-ink-muted">
            Loading events...
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-danger">
            {failure}
          </p>
        ) : null}
        {!loading && (nextBefore || failure) ? (
          <button type="button" onClick={loadMore} className={buttonSecondary}>
            {failure ? 'Try again' : 'Load more'}
          </button>
        ) : null}
      </div>
    </section>
  );
}

function EventCard({ event, now }: { event: AuditEvent; now: Date }) {
  const { title, sentence, changes, ids } = describeEvent(event, now);
  return (
    <article className={`${card} p-4 sm:p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-brand">{title}</h2>
        <p className="text-sm text-ink-muted">
          <time dateTime={event.at} title={formatNewYorkTime(new Date(event.at))}>
            {formatNewYorkShort(new Date(event.at), now)}
          </time>
        </p>
      </div>
      <p className="mt-1 [overflow-wrap:anywhere] text-ink">{sentence}</p>
      {changes.length > 0 ? (
        <dl className="mt-3 space-y-2 border-t border-line pt-3 text-sm">
          {changes.map((change) => (
            <ChangeRow key={change.label} {...change} />
          ))}
        </dl>
      ) : null}
      {ids.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-ink-muted">
            Details
          </summary>
          <dl className="space-y-1 pb-1">
            {ids.map((id) => (
              <div key={id.label}>
                <dt className="inline text-ink-muted">{id.label}: </dt>
                <dd className="inline font-mono [overflow-wrap:anywhere] text-ink">{id.value}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </article>
  );
}

/**
 * A field in words: its label, then its value, or its value before and after, each labelled.
 * Stacked on a phone; label and value side by side from the small breakpoint up.
 */
function ChangeRow({ label, from, to }: Change) {
  return (
    <div className="sm:grid sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-x-4">
      <dt className="font-medium text-ink-muted">{label}</dt>
      <dd className="[overflow-wrap:anywhere] text-ink">
        {from !== undefined && to !== undefined ? (
          <>
            <span className="block">
              <span className="text-ink-muted">Before: </span>
              {from}
            </span>
            <span className="block">
              <span className="text-ink-muted">After: </span>
              {to}
            </span>
          </>
        ) : to !== undefined ? (
          to
        ) : (
          <>
            {from} <span className="text-ink-muted">(removed)</span>
          </>
        )}
      </dd>
    </div>
  );
}
