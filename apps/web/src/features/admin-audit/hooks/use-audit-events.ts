import { useCallback, useEffect, useState } from 'react';
import type { AuditEvent } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { listAuditEvents } from '../api/audit.ts';

export interface AuditFilters {
  serviceId: string;
  appointmentId: string;
}

interface AuditPages {
  events: AuditEvent[];
  /** The cursor of the next page; null once the last page is in. */
  nextBefore: string | null;
  loading: boolean;
  /** Why the last page did not come. */
  failure: string | undefined;
}

/**
 * The audit trail under these filters, a page at a time: the first page at once, the next on
 * `loadMore`. Give the component using it a `key` of the filters, so new filters start a new
 * list rather than add to the old one.
 */
export function useAuditEvents(filters: AuditFilters): AuditPages & { loadMore: () => void } {
  const [pages, setPages] = useState<AuditPages>({
    events: [],
    nextBefore: null,
    loading: true,
    failure: undefined,
  });

  const { serviceId, appointmentId } = filters;
  const fetchPage = useCallback(
    (before: string | undefined) =>
      listAuditEvents({ serviceId, appointmentId, before })
        .then(({ events, nextBefore }) =>
          setPages((current) => ({
            events: before ? [...current.events, ...events] : events,
            nextBefore,
            loading: false,
            failure: undefined,
          })),
        )
        .catch((error: unknown) =>
          setPages((current) => ({
            ...current,
            loading: false,
            failure: failureMessage(error, 'load'),
          })),
        ),
    [serviceId, appointmentId],
  );

  useEffect(() => {
    void fetchPage(undefined);
  }, [fetchPage]);

  /** The next page; after a failure, the page that failed. */
  const loadMore = useCallback(() => {
    if (pages.loading) return;
    setPages((current) => ({ ...current, loading: true }));
    void fetchPage(pages.nextBefore ?? undefined);
  }, [fetchPage, pages.loading, pages.nextBefore]);

  return { ...pages, loadMore };
}
