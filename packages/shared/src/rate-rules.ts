import { hasOneHourFifteenPrice, MULTI_HOUR_MINIMUM_HOURS } from './pricing.ts';
import type { RatePrices } from './ride-estimate.ts';

/*
 * What makes a car's rate cards coherent (docs/product.md, Prices and the estimate): a longer
 * booking of a kind never costs less than a shorter one, and a long ride never costs less per
 * hour than the hourly charter of the same hours (6 hours as an airport ride at $315 against
 * $630 as a charter was the catalogue's contradiction). The car form shows these to the owner;
 * the demo catalogue has none.
 */

export function rateWarnings(prices: RatePrices): string[] {
  const warnings: string[] = [];
  const perHour = prices.specialServicePricePerHour;
  const oneFifteen = prices.specialServicePriceBetweenOneHourFifteen;
  if (hasOneHourFifteenPrice(oneFifteen) && oneFifteen < perHour) {
    warnings.push(
      'The 1 h to 1 h 15 min price is below the price per hour: a longer ride would cost less than a 1-hour one.',
    );
  }
  if (prices.specialServicePriceExtra < prices.serviceChargePerHour) {
    warnings.push(
      'Each extra hour costs less than the multi-hour rate: a long ride would cost less per hour than an hourly charter.',
    );
  }
  if (
    prices.serviceChargePerHour * MULTI_HOUR_MINIMUM_HOURS <
    perHour * (MULTI_HOUR_MINIMUM_HOURS - 1)
  ) {
    warnings.push(
      `${MULTI_HOUR_MINIMUM_HOURS} hours at the multi-hour rate cost less than ${MULTI_HOUR_MINIMUM_HOURS - 1} hours at the price per hour.`,
    );
  }
  return warnings;
}
