import { createContext, use, useSyncExternalStore } from 'react';

/**
 * When the HTML being rendered on the server, or hydrated in the browser, was rendered. Absent when
 * the browser renders a page of its own.
 */
export const RenderedAtContext = createContext<Date | undefined>(undefined);

let today: Date | undefined;

/** The current date, as the same object all day long (React compares snapshots by identity). */
function currentDay(): Date {
  const now = new Date();
  if (!today || today.toDateString() !== now.toDateString()) today = now;
  return today;
}

const noSubscription = () => () => {};

/**
 * Today's date, for text such as the year. The server and the hydration that follows render the
 * date the HTML was rendered at (so the two match, even across a New Year), then React renders again
 * with today's.
 */
export function useToday(): Date {
  const renderedAt = use(RenderedAtContext);
  return useSyncExternalStore(noSubscription, currentDay, () => renderedAt ?? currentDay());
}
