import type { RateKind } from './booking-length.ts';
import { SLOT_MINUTES, slotOfInstant, slotStartsAt, type SlotsBooked } from './slots.ts';

/*
 * A car's time (docs/product.md, Lengths and the car's time; ADR 018). A booking occupies its car
 * from its start to its end plus the car's turnaround (cleaning, getting back), as the half-open
 * range [start, occupied until); the database refuses two live ranges of one car that overlap.
 * The site sees a car's occupancies as the half-hour labels they touch (`slots_booked`), and a
 * start on the grid fits when no touched half hour lies between it and its own range's end.
 * Labels are the exact ranges rounded out to the grid, and starts are on the grid, so a start
 * the grid offers is one the database accepts, unless someone books it first.
 */

/** Minutes a car needs between two bookings when the owner has set none, by kind. */
export const DEFAULT_TURNAROUND_MINUTES: Readonly<Record<RateKind, number>> = {
  ride: 30,
  hourly: 30,
  rental: 60,
};
export const MAX_TURNAROUND_MINUTES = 720;

const MINUTE_MS = 60_000;
const SLOT_MS = SLOT_MINUTES * MINUTE_MS;

/** When a ride of `lengthMinutes` starting at `start` ends: elapsed time, across a DST change too. */
export function rideEnd(start: Date, lengthMinutes: number): Date {
  return new Date(start.getTime() + lengthMinutes * MINUTE_MS);
}

/** Until when a booking keeps its car: its end plus the car's turnaround. */
export function occupiedUntil(start: Date, lengthMinutes: number, turnaroundMinutes: number): Date {
  return rideEnd(start, lengthMinutes + turnaroundMinutes);
}

/**
 * Adds to `booked` every half-hour label that the range [from, until) touches, by `d_m_yyyy`:
 * how `slots_booked` lists a booking or a block that covers many labels, over midnight too.
 */
export function markOccupied(booked: Record<string, string[]>, from: Date, until: Date): void {
  // New York's offsets are whole hours, so the instant's grid is the wall clock's grid.
  for (let t = Math.floor(from.getTime() / SLOT_MS) * SLOT_MS; t < until.getTime(); t += SLOT_MS) {
    const { slotDate, slotTime } = slotOfInstant(new Date(t));
    const times = (booked[slotDate] ??= []);
    if (!times.includes(slotTime)) times.push(slotTime);
  }
}

/** Worked out once per `slots_booked` object (a list is not changed once made, only replaced). */
const busyOf = new WeakMap<SlotsBooked, number[]>();

/**
 * The instants (epoch ms) at which the booked half hours of `slots_booked` start, in order.
 * Remembered per object: the search runs it for every car of the cached list on each request,
 * and reading 90 days of labels into instants is most of its cost.
 */
export function busyInstants(slotsBooked: SlotsBooked): readonly number[] {
  const known = busyOf.get(slotsBooked);
  if (known) return known;
  const busy: number[] = [];
  for (const [dateKey, labels] of Object.entries(slotsBooked)) {
    for (const label of labels) {
      const at = slotStartsAt(dateKey, label);
      if (at) busy.push(at.getTime());
    }
  }
  busy.sort((a, b) => a - b);
  busyOf.set(slotsBooked, busy);
  return busy;
}

/**
 * Whether a stretch starting at `start` (epoch ms) and keeping the car `minutes` (length plus
 * turnaround) touches none of the busy half hours (`busyInstants`, in order).
 */
export function fits(busy: readonly number[], start: number, minutes: number): boolean {
  // The first busy half hour that ends after the start: [t, t + 30 min) with t > start - 30 min.
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((busy[middle] as number) > start - SLOT_MS) high = middle;
    else low = middle + 1;
  }
  const next = busy[low];
  return next === undefined || next >= start + minutes * MINUTE_MS;
}

/** The slots whose start leaves the car `minutes` free from it. */
export function fittingSlots<T extends { startsAt: Date }>(
  slots: readonly T[],
  busy: readonly number[],
  minutes: number,
): T[] {
  return slots.filter((slot) => fits(busy, slot.startsAt.getTime(), minutes));
}
