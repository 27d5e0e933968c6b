/**
 * A ride's day, as its chauffeur taps it: each status follows the one before, in this order.
 * "On my way" and "Arrived" are told to the customer (`MESSAGE_ROUTES`); "Dropped off"
 * completes the ride.
 */
export const TRIP_STATUSES = ['on_my_way', 'arrived', 'on_board', 'dropped_off'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** The button's words, and the timeline's. */
export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  on_my_way: 'On my way',
  arrived: 'Arrived',
  on_board: 'Passenger on board',
  dropped_off: 'Dropped off',
};

/** A tap may be taken back this long after it was made (a wrong tap, a pocket). */
export const TRIP_UNDO_MS = 60_000;

/** The status a ride's next tap records, or null once dropped off. */
export function nextTripStatus(current: TripStatus | null): TripStatus | null {
  if (current === null) return TRIP_STATUSES[0];
  return TRIP_STATUSES[TRIP_STATUSES.indexOf(current) + 1] ?? null;
}

/** The status before this one (what an undo returns to), or null before the first. */
export function previousTripStatus(status: TripStatus): TripStatus | null {
  return TRIP_STATUSES[TRIP_STATUSES.indexOf(status) - 1] ?? null;
}
