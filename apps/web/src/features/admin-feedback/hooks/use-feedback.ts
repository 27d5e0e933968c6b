import { useCallback, useEffect, useState } from 'react';
import type { OwnerFeedbackItem } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { listFeedback } from '../api/feedback.ts';

/** The filters as the address holds them: empty means none. */
export interface FeedbackFilters {
  rating: string;
  mood: string;
  from: string;
  to: string;
}

export const NO_FILTERS: FeedbackFilters = { rating: '', mood: '', from: '', to: '' };

interface FeedbackPages {
  items: OwnerFeedbackItem[];
  total: number | undefined;
  nextBefore: string | null;
  loading: boolean;
  failure: string | undefined;
}

/**
 * Feedback under these filters, a page at a time: the first page at once, the next on
 * `loadMore`. Give the component using it a `key` of the filters, so new filters start anew.
 */
export function useFeedback(filters: FeedbackFilters): FeedbackPages & { loadMore: () => void } {
  const [pages, setPages] = useState<FeedbackPages>({
    items: [],
    total: undefined,
    nextBefore: null,
    loading: true,
    failure: undefined,
  });
  const { rating, mood, from, to } = filters;
  const fetchPage = useCallback(
    (before: string | undefined) =>
      listFeedback({ rating, mood, from, to, before })
        .then(({ feedback, total, nextBefore }) =>
          setPages((current) => ({
            items: before ? [...current.items, ...feedback] : feedback,
            total,
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
    [rating, mood, from, to],
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
