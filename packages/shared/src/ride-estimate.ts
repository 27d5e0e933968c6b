import type { RateKind } from './booking-length.ts';
import { depositDollars, hasOneHourFifteenPrice, MULTI_HOUR_MINIMUM_HOURS } from './pricing.ts';
import { promotionPercentFor } from './promotion.ts';
import { rateDayOf, type RateDay } from './rate-days.ts';
import type { Service } from './schemas/service.ts';

/*
 * The estimate beside the Book button: what a ride of the chosen type and length costs by the
 * car's rate cards (docs/product.md, Prices and the estimate). Only the deposit is charged
 * online; the rest is settled after the ride, so this is an estimate, never a charge.
 *
 * - A ride (point-to-point, airport, long distance): up to 1 hour at the price per hour; up
 *   to 1 h 15 min at the 1 h to 1 h 15 price when the car has one; each further hour started
 *   at the extra-hour price. At night, on weekends and on holidays the flat rate replaces the
 *   price of the first 1 h 15 min.
 * - Hourly: the hours at the price per hour, or at the multi-hour rate from 3 hours.
 * - A rental: the days at the daily price, never above the weekly price; a week at that price.
 */

/** An amount in dollars with `percent` off, to the cent. */
export function discountedDollars(amount: number, percent: number): number {
  return Math.round(amount * (100 - percent)) / 100;
}

const FIRST_BLOCK_HOURS = 1.25;

export type RatePrices = Pick<
  Service,
  | 'specialServicePricePerHour'
  | 'specialServicePriceBetweenOneHourFifteen'
  | 'specialServicePriceExtra'
  | 'specialServicePriceFlatRate'
  | 'serviceChargePerHour'
  | 'rentalDailyPrice'
  | 'rentalWeeklyPrice'
>;

/** What the ride costs before any promotion, in dollars, and how it was worked out. */
export function rideListPrice(
  prices: RatePrices,
  kind: RateKind,
  length: number,
  day: RateDay,
): { amount: number; basis: string } {
  if (kind === 'rental') {
    if (length >= 7) return { amount: prices.rentalWeeklyPrice, basis: 'weekly price' };
    const daily = prices.rentalDailyPrice * length;
    return daily > prices.rentalWeeklyPrice
      ? { amount: prices.rentalWeeklyPrice, basis: 'weekly price, below the daily total' }
      : { amount: daily, basis: `${length} × daily price` };
  }
  if (kind === 'hourly') {
    return length >= MULTI_HOUR_MINIMUM_HOURS
      ? { amount: prices.serviceChargePerHour * length, basis: `${length} h × multi-hour rate` }
      : {
          amount: prices.specialServicePricePerHour * length,
          basis: `${length} h × price per hour`,
        };
  }
  const extraHours = Math.max(0, Math.ceil(length - FIRST_BLOCK_HOURS));
  const extra = extraHours * prices.specialServicePriceExtra;
  const extraBasis = extraHours > 0 ? ` + ${extraHours} × extra hour` : '';
  if (day !== 'regular') {
    return {
      amount: prices.specialServicePriceFlatRate + extra,
      basis: `${day} flat rate${extraBasis}`,
    };
  }
  if (length <= 1) return { amount: prices.specialServicePricePerHour, basis: 'price per hour' };
  const oneFifteen = prices.specialServicePriceBetweenOneHourFifteen;
  const first = hasOneHourFifteenPrice(oneFifteen) ? oneFifteen : prices.specialServicePricePerHour;
  const firstBasis = hasOneHourFifteenPrice(oneFifteen) ? 'first 1 h 15 min' : 'price per hour';
  return { amount: first + extra, basis: `${firstBasis}${extraBasis}` };
}

export interface RideEstimate {
  /** The price by the rate cards, before the promotion. */
  listPrice: number;
  /** The share off the ride's price (the promotion), in percent; 0 when none. */
  discountPercent: number;
  /** The ride's estimated price, the promotion applied. */
  price: number;
  /** Paid online to book: the fees plus one dollar, whatever the promotion. */
  deposit: number;
  /** What is left to pay after the ride: the price less the deposit, never below zero. */
  balance: number;
  basis: string;
}

/** The estimate for a car, a service type's pricing, a length and the day's rate. */
export function estimateRide(
  service: RatePrices & Pick<Service, 'type' | 'fees'>,
  kind: RateKind,
  length: number,
  day: RateDay,
): RideEstimate {
  const { amount, basis } = rideListPrice(service, kind, length, day);
  const discountPercent = promotionPercentFor(service.type);
  const price = discountedDollars(amount, discountPercent);
  const deposit = depositDollars(service.fees);
  return {
    listPrice: amount,
    discountPercent,
    price,
    deposit,
    balance: Math.max(0, Math.round((price - deposit) * 100) / 100),
    basis,
  };
}

/**
 * Why a price is what it is, in words (the quote's reasons, docs/product.md, A price from the
 * route): how the rate cards give it (`weekend flat rate + 1 × extra hour`), then the promotion
 * (`20% off Tesla`) when it applies.
 */
export function priceReasons(estimate: RideEstimate, model: string): string[] {
  const reasons = [estimate.basis];
  if (estimate.discountPercent > 0) reasons.push(`${estimate.discountPercent}% off ${model}`);
  return reasons;
}

/**
 * A ride's price at night against by day, on a day whose daytime takes the regular rate (a
 * weekday that is no holiday): the night's times (`rateDayOf` says `night`) take the flat rate.
 * Null for another kind, or a day whose every time takes the flat rate (weekend, holiday).
 */
export function nightFlatRate(
  service: RatePrices & Pick<Service, 'type' | 'fees'>,
  kind: RateKind,
  length: number,
  dayKey: string,
): { nightPrice: number; dayPrice: number } | null {
  if (kind !== 'ride' || rateDayOf(dayKey) !== 'regular') return null;
  return {
    nightPrice: estimateRide(service, kind, length, 'night').price,
    dayPrice: estimateRide(service, kind, length, 'regular').price,
  };
}
