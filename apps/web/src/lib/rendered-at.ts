import { createContext, use, useSyncExternalStore } from 'react';

/*
 * A page rendered on the server is hydrated in the browser from the same inputs, or React throws
 * the HTML away. What depends on the clock or on the browser alone is therefore rendered first
 * as the server did, then again with the browser's own.
 */

/**
 * When the HTML being rendered on the server, or hydrated in the browser, was rendered. Absent when
 * the browser renders a page of its own.
 */
export const RenderedAtContext = createContext<Date | undefined>(undefined);

const noSubscription = () => () => {};

let today: Date | undefined;

/** The current date, as the same object all day long (React compares snapshots by identity). */
function currentDay(): Date {
  const now = new Date();
  if (!today || today.toDateString() !== now.toDateString()) today = now;
  return today;
}

/**
 * Today's date, for text such as the year. The server and the hydration that follows render the
 * date the HTML was rendered at (so the two match, even across a New Year), then React renders again
 * with today's.
 */
export function useToday(): Date {
  const renderedAt = use(RenderedAtContext);
  return useSyncExternalStore(noSubscription, currentDay, () => renderedAt ?? currentDay());
}

/**
 * False on the server and while the browser hydrates the server's HTML; true in every render
 * after, and at once for a screen the browser renders itself: when what only the browser knows
 * (the tab's storage) may be shown.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
