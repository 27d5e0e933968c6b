import { formatNewYorkTime, type AuditEvent } from '@app/shared';
import { buttonSecondary, card } from '../../../components/ui/styles.ts';
import { useAuditEvents, type AuditFilters } from '../hooks/use-audit-events.ts';
import { ACTION_LABELS, changesOf, shortId } from '../utils/describe-event.ts';

/**
 * The audit trail under the filters, newest first, with "Load more" for older events. Times are
 * New York time; a car is named from the catalogue.
 */
export function AuditEventList({
  filters,
  carName,
}: {
  filters: AuditFilters;
  carName: (serviceId: string) => string;
}) {
  const { events, nextBefore, loading, failure, loadMore } = useAuditEvents(filters);
  const filtered = Boolean(filters.serviceId || filters.appointmentId);
  return (
    <section aria-label="Events" className="mt-8">
      {events.length > 0 ? (
        <ol role="list" className="space-y-3">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} carName={carName} />
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

function EventCard({
  event,
  carName,
}: {
  event: AuditEvent;
  carName: (serviceId: string) => string;
}) {
  const changes = changesOf(event.before, event.after);
  return (
    <article className={`${card} p-4 sm:p-5`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-brand">{ACTION_LABELS[event.action]}</h2>
        <p className="text-sm text-ink-muted">
          <time dateTime={event.at}>{formatNewYorkTime(new Date(event.at))}</time>
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">By</dt>
        <dd className="[overflow-wrap:anywhere] text-ink">
          {event.actor.userId ? event.actor.label : 'The command line'}
        </dd>
        {event.serviceId ? (
          <>
            <dt className="text-ink-muted">Car</dt>
            <dd className="[overflow-wrap:anywhere] text-ink">{carName(event.serviceId)}</dd>
          </>
        ) : null}
        {event.appointmentId ? (
          <>
            <dt className="text-ink-muted">Ride</dt>
            <dd className="font-mono [overflow-wrap:anywhere] text-ink" title={event.appointmentId}>
              {shortId(event.appointmentId)}
            </dd>
          </>
        ) : null}
        {changes.map((change) => (
          <ChangeRow key={change.field} {...change} />
        ))}
      </dl>
    </article>
  );
}

/** `role: customer → owner`; a field that appeared shows its value, one that went says so. */
function ChangeRow({ field, from, to }: { field: string; from?: string; to?: string }) {
  return (
    <>
      <dt className="[overflow-wrap:anywhere] text-ink-muted">{field}</dt>
      <dd className="[overflow-wrap:anywhere] text-ink">
        {from === undefined ? (
          to
        ) : to === undefined ? (
          `${from} (removed)`
        ) : (
          <>
            {from}
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> changed to </span>
            {to}
          </>
        )}
      </dd>
    </>
  );
}
