import { formatMinutes, type LegQuote } from '@app/shared';

/**
 * The drive the quote found, in words (docs/product.md, A price from the route): `About 38 min,
 * 24.3 miles from pickup to drop-off: booked for 45 min.` Undefined when the route did not
 * decide the length (hourly, rentals, a place not found).
 */
export function driveText(leg: LegQuote): string | undefined {
  const route = leg.route;
  if (!route || leg.lengthFrom !== 'route') return undefined;
  return `About ${formatMinutes(route.minutes)}, ${route.miles.toFixed(1)} miles from pickup to drop-off: booked for ${formatMinutes(leg.lengthMinutes)}.`;
}
