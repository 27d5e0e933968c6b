import { useSyncExternalStore } from 'react';

/** The time the prerendered HTML being hydrated was rendered at, stamped on it by the build. */
let renderedAt: Date | undefined;

/** Called before hydrating a prerendered page. */
export function startHydration(htmlRenderedAt: Date): void {
  renderedAt = htmlRenderedAt;
}

let today: Date | undefined;

/** The current date, as the same object all day long (React compares snapshots by identity). */
function currentDay(): Date {
  const now = new Date();
  if (!today || today.toDateString() !== now.toDateString()) today = now;
  return today;
}

const noSubscription = () => () => {};

/**
 * Today's date, for text such as the year. Hydration first renders the date the HTML was
 * rendered at (so the two match, even across a New Year), then React redraws with today's.
 */
export function useToday(): Date {
  return useSyncExternalStore(noSubscription, currentDay, () => renderedAt ?? currentDay());
}
