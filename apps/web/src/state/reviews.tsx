import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { PublicReviews } from '@app/shared';
import { listPublicReviews } from '../lib/api/services.ts';

interface ReviewsState {
  reviews: PublicReviews | undefined;
  /** Asks for the reviews if the page did not bring them; once. */
  want: () => void;
}

const ReviewsContext = createContext<ReviewsState | null>(null);

/**
 * The reviews the site shows. A live page brings them (rendered on the server with the
 * catalogue's load); a page reached inside the app asks for them the first time it shows some.
 */
export function ReviewsProvider({
  initialReviews,
  children,
}: {
  initialReviews?: PublicReviews | undefined;
  children: ReactNode;
}) {
  const [reviews, setReviews] = useState(initialReviews);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted || reviews) return;
    // Reviews are extra: without them the page is whole, so a failure shows nothing.
    listPublicReviews().then(
      ({ overall, byCar }) => setReviews({ overall, byCar }),
      () => undefined,
    );
  }, [wanted, reviews]);
  const want = useCallback(() => setWanted(true), []);
  const value = useMemo(() => ({ reviews, want }), [reviews, want]);
  return <ReviewsContext value={value}>{children}</ReviewsContext>;
}

/** The reviews the site shows, once known. */
export function usePublicReviews(): PublicReviews | undefined {
  const state = use(ReviewsContext);
  if (!state) throw new Error('usePublicReviews must be used inside <ReviewsProvider>');
  const { reviews, want } = state;
  useEffect(() => {
    if (!reviews) want();
  }, [reviews, want]);
  return reviews;
}
