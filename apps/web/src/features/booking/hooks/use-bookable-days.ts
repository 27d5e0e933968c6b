import { use, useMemo, useSyncExternalStore } from 'react';
import {
  busyInstants,
  earliestSlotStart,
  fittingSlots,
  listBookableDays,
  type SlotDay,
  type SlotsBooked,
} from '@app/shared';
import { RenderedAtContext } from '../../../lib/rendered-at.ts';

/** The free times change only when a slot starts: they are worked out once per half hour. */
const slotPeriod = (moment: Date) => earliestSlotStart(moment).getTime();

let checkedAt: Date | undefined;

/**
 * The moment the free times were worked out, as the same object until the next slot starts
 * (React compares snapshots by identity). A page hydrated in the same half hour it was rendered
 * keeps the render's moment, so hydration is not followed by a render of the same times.
 */
function slotClock(renderedAt: Date | undefined): Date {
  const now = new Date();
  checkedAt ??= renderedAt;
  if (!checkedAt || slotPeriod(checkedAt) !== slotPeriod(now)) checkedAt = now;
  return checkedAt;
}

/** Calls back as each slot starts, while subscribed. */
function onEachSlotStart(callback: () => void): () => void {
  let timer: number | undefined;
  const arm = () => {
    timer = window.setTimeout(
      () => {
        callback();
        arm();
      },
      slotPeriod(new Date()) - Date.now() + 1,
    );
  };
  arm();
  return () => window.clearTimeout(timer);
}

/**
 * A car's bookable days with their free times, as of now: a time that starts while the page is
 * open leaves it. The server, and the browser hydrating its HTML, work them out as of the moment
 * the page was rendered.
 */
export function useBookableDays(slotsBooked: SlotsBooked | undefined): SlotDay[] {
  const renderedAt = use(RenderedAtContext);
  const now = useSyncExternalStore(
    onEachSlotStart,
    () => slotClock(renderedAt),
    () => renderedAt ?? slotClock(undefined),
  );
  return useMemo(() => listBookableDays(now, slotsBooked), [now, slotsBooked]);
}

/**
 * The days with only the starts that leave the car free for `stretchMinutes` (the chosen length
 * and the car's turnaround) before its next occupancy (ADR 018): a new length, new times at once.
 */
export function useFittingDays(
  days: SlotDay[],
  slotsBooked: SlotsBooked | undefined,
  stretchMinutes: number,
): SlotDay[] {
  const busy = useMemo(() => busyInstants(slotsBooked ?? {}), [slotsBooked]);
  return useMemo(
    () => days.map((day) => ({ ...day, slots: fittingSlots(day.slots, busy, stretchMinutes) })),
    [days, busy, stretchMinutes],
  );
}
