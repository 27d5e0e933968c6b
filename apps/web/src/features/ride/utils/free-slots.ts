import {
  busyInstants,
  fittingSlots,
  listBookableDays,
  type SlotDay,
  type SlotsBooked,
} from '@app/shared';

/**
 * The days of the booking window that still have a start the ride may move to: one that leaves
 * the car free for `stretchMinutes` (the ride's length and turnaround) before the next
 * occupancy (ADR 018), and that the car can reach from its neighbours (`outOfReach`, ADR 020).
 */
export function daysWithFreeSlots(
  now: Date,
  slotsTaken: SlotsBooked,
  outOfReach: SlotsBooked,
  stretchMinutes: number,
): SlotDay[] {
  const busy = busyInstants(slotsTaken);
  return listBookableDays(now, slotsTaken)
    .map((day) => {
      const unreachable = new Set(outOfReach[day.key]);
      const slots = fittingSlots(day.slots, busy, stretchMinutes);
      return { ...day, slots: slots.filter((slot) => !unreachable.has(slot.label)) };
    })
    .filter((day) => day.slots.length > 0);
}
