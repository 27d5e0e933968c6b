import { formatDollars, rateDayOf, type LegQuote, type SlotDay } from '@app/shared';
import { nightNote } from './night-rate-times.ts';

/** A day's starts as the quote priced them. */
export type QuotedStarts = LegQuote['starts'];

/**
 * The day with only the starts the quote offers (docs/product.md, A price from the route): a
 * time the car cannot take at this length, or cannot reach, is left out, never explained.
 */
export function offeredDay(day: SlotDay, starts: QuotedStarts): SlotDay {
  const offered = new Set(starts.map((start) => start.slotTime));
  return { ...day, slots: day.slots.filter((slot) => offered.has(slot.label)) };
}

/** The price most of the day's starts have (on a tie, the lower): the day's usual price. */
export function usualPrice(starts: QuotedStarts): number | undefined {
  const counts = new Map<number, number>();
  for (const { price } of starts) counts.set(price, (counts.get(price) ?? 0) + 1);
  let usual: number | undefined;
  for (const [price, count] of counts) {
    const usualCount = usual === undefined ? 0 : (counts.get(usual) ?? 0);
    if (usual === undefined || count > usualCount || (count === usualCount && price < usual)) {
      usual = price;
    }
  }
  return usual;
}

/** Each time whose price differs from the day's usual one, with that price in words. */
export function differingPrices(starts: QuotedStarts): ReadonlyMap<string, string> {
  const usual = usualPrice(starts);
  return new Map(
    starts
      .filter((start) => start.price !== usual)
      .map((start) => [start.slotTime, formatDollars(start.price)]),
  );
}

/**
 * On a weekday, the night times at the flat rate and the note saying both prices (as
 * night-rate-times.ts says them), from the quote's prices; undefined where every time costs the
 * same.
 */
export function quotedNightTimes(
  day: SlotDay,
  starts: QuotedStarts,
): { times: ReadonlySet<string>; note: string } | undefined {
  const night = starts.filter(
    (start) => start.flatRate && rateDayOf(day.key, start.slotTime) === 'night',
  );
  const byDay = starts.filter((start) => !start.flatRate);
  const nightPrice = usualPrice(night);
  const dayPrice = usualPrice(byDay);
  if (nightPrice === undefined || dayPrice === undefined || nightPrice === dayPrice) {
    return undefined;
  }
  return {
    times: new Set(night.map((start) => start.slotTime)),
    note: nightNote(nightPrice, dayPrice),
  };
}
