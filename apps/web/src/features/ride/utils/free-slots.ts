import { listBookableDays, type SlotDay, type SlotsBooked } from '@app/shared';

/** The days of the booking window that still have a slot the ride may move to. */
export function daysWithFreeSlots(now: Date, slotsTaken: SlotsBooked): SlotDay[] {
  return listBookableDays(now, slotsTaken).filter((day) => day.slots.length > 0);
}
