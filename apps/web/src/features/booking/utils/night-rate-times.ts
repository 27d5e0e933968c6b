import {
  formatDollars,
  nightFlatRate,
  rateDayOf,
  type RateKind,
  type Service,
  type SlotDay,
} from '@app/shared';

/**
 * On a weekday, a ride's night times take the flat rate (docs/product.md, Prices and the
 * estimate): the times of `day` the grid dots, and the note that says both prices. Undefined
 * where every time costs the same (a weekend, a holiday, an hourly booking, a rental).
 */
export function nightRateTimes(
  service: Service,
  kind: RateKind,
  length: number,
  day: SlotDay,
): { times: ReadonlySet<string>; note: string } | undefined {
  const night = nightFlatRate(service, kind, length, day.key);
  if (!night || night.nightPrice === night.dayPrice) return undefined;
  return {
    times: new Set(
      day.slots.filter((slot) => rateDayOf(day.key, slot.label) === 'night').map((s) => s.label),
    ),
    note: nightNote(night.nightPrice, night.dayPrice),
  };
}

/** The grid's note under its heading: both prices of the ride (docs/product.md). */
export const nightNote = (nightPrice: number, dayPrice: number): string =>
  `Dotted times are night pickups at the flat rate: ${formatDollars(nightPrice)} for this ride, against ${formatDollars(dayPrice)} by day.`;
