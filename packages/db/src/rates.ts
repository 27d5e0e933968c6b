import type { CarRateField } from '@app/shared';
import type { services } from './schema.ts';

type ServiceRow = typeof services.$inferSelect;

/** The columns of a car that keep money, in integer cents. */
type CentsColumn = {
  [K in keyof ServiceRow]: K extends `${string}Cents` ? K : never;
}[keyof ServiceRow];

/**
 * Where each of a car's rates is kept: its name in the API (`CAR_RATE_FIELDS`, dollars) to its
 * column of `services` (cents). The one table between the two; a rate added to `CAR_RATE_FIELDS`
 * does not compile until it has its column here. In `CAR_RATE_FIELDS`'s order, which is the order
 * `ratesOf` answers in.
 */
export const RATE_COLUMNS = {
  fees: 'feesCents',
  specialServicePricePerHour: 'specialPricePerHourCents',
  specialServicePriceBetweenOneHourFifteen: 'specialPriceOneHourFifteenCents',
  specialServicePriceExtra: 'specialPriceExtraCents',
  specialServicePriceFlatRate: 'specialPriceFlatRateCents',
  serviceChargePerHour: 'serviceChargePerHourCents',
  rentalDailyPrice: 'rentalDailyCents',
  rentalWeeklyPrice: 'rentalWeeklyCents',
} as const satisfies Record<CarRateField, CentsColumn>;

/** A car's rates as the API names them, in dollars. */
export type CarRates = Record<CarRateField, number>;

/** A car's rates as its row keeps them, in cents. */
export type RateColumns = { [F in CarRateField as (typeof RATE_COLUMNS)[F]]: number };

const rateEntries = Object.entries(RATE_COLUMNS) as [CarRateField, keyof RateColumns][];

/** The row's values for a car's rates (dollars, as the console and the catalogue give them). */
export function rateColumnsOf(rates: CarRates): RateColumns {
  return Object.fromEntries(
    rateEntries.map(([field, column]) => [column, Math.round(rates[field] * 100)]),
  ) as RateColumns;
}

/** A car's rates in dollars, as the API sends them, from its row. */
export function ratesOf(row: RateColumns): CarRates {
  return Object.fromEntries(
    rateEntries.map(([field, column]) => [field, row[column] / 100]),
  ) as CarRates;
}
