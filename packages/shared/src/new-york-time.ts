import { formatSlotDateLong, formatSlotTime, slotDateKey, wallClockAt } from './slots.ts';

/**
 * `November 22, 2026, 10:07 AM`: an instant as New York's wall clock reads it (sessions, the
 * console). Its own module: the slot rules load with the first page, this only where it is shown.
 */
export function formatNewYorkTime(instant: Date): string {
  const wall = wallClockAt(instant);
  return `${formatSlotDateLong(slotDateKey(wall))}, ${formatSlotTime(wall.hour, wall.minute)}`;
}
