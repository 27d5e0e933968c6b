import { describe, expect, it } from 'vitest';
import { PROMOTED_MAKE, promotionPercentFor, PROMOTION_PERCENT } from './promotion.ts';
import { formatLength, rateKindOf } from './booking-length.ts';
import { holidayOn, rateDayOf } from './rate-days.ts';
import {
  discountedDollars,
  estimateRide,
  nightFlatRate,
  rideListPrice,
  type RatePrices,
} from './ride-estimate.ts';

const prices: RatePrices = {
  specialServicePricePerHour: 100,
  specialServicePriceBetweenOneHourFifteen: 120,
  specialServicePriceExtra: 40,
  specialServicePriceFlatRate: 160,
  serviceChargePerHour: 90,
  rentalDailyPrice: 150,
  rentalWeeklyPrice: 800,
};
const noOneFifteen = { ...prices, specialServicePriceBetweenOneHourFifteen: 0 };

describe('the service type decides how a ride is priced', () => {
  it('reads rentals, hourly and rides from the type name', () => {
    expect(rateKindOf('Car Rental')).toBe('rental');
    expect(rateKindOf('Hourly Chauffeur')).toBe('hourly');
    expect(rateKindOf('Airport Transfer')).toBe('ride');
    expect(rateKindOf('')).toBe('ride');
  });

  it('names the lengths', () => {
    expect(formatLength('ride', 1)).toBe('1 hour');
    expect(formatLength('ride', 1.25)).toBe('1 h 15 min');
    expect(formatLength('hourly', 3)).toBe('3 hours');
    expect(formatLength('rental', 1)).toBe('1 day');
    expect(formatLength('rental', 7)).toBe('1 week');
  });
});

describe('a ride by the regular rate card', () => {
  it('an hour at the price per hour, up to 1 h 15 at its own price, then each extra hour', () => {
    expect(rideListPrice(prices, 'ride', 1, 'regular').amount).toBe(100);
    expect(rideListPrice(prices, 'ride', 1.25, 'regular').amount).toBe(120);
    expect(rideListPrice(prices, 'ride', 2, 'regular').amount).toBe(160);
    expect(rideListPrice(prices, 'ride', 3, 'regular').amount).toBe(200);
  });

  it('without a 1 h to 1 h 15 price, the first 1 h 15 is at the price per hour', () => {
    expect(rideListPrice(noOneFifteen, 'ride', 1.25, 'regular').amount).toBe(100);
    expect(rideListPrice(noOneFifteen, 'ride', 2, 'regular').amount).toBe(140);
  });

  it('at night, on weekends and holidays the flat rate replaces the first 1 h 15', () => {
    for (const day of ['night', 'weekend', 'holiday'] as const) {
      expect(rideListPrice(prices, 'ride', 1, day).amount).toBe(160);
      expect(rideListPrice(prices, 'ride', 3, day).amount).toBe(240);
    }
  });
});

describe('hourly and rentals', () => {
  it('hourly: the price per hour under 3 hours, the cheaper multi-hour rate from 3', () => {
    expect(rideListPrice(prices, 'hourly', 2, 'regular').amount).toBe(200);
    expect(rideListPrice(prices, 'hourly', 3, 'regular').amount).toBe(270);
    expect(rideListPrice(prices, 'hourly', 10, 'weekend').amount).toBe(900);
  });

  it('rentals: days at the daily price, never above the week, and a week at its price', () => {
    expect(rideListPrice(prices, 'rental', 2, 'regular').amount).toBe(300);
    expect(rideListPrice(prices, 'rental', 6, 'regular').amount).toBe(800);
    expect(rideListPrice(prices, 'rental', 7, 'holiday').amount).toBe(800);
  });
});

describe('the estimate: deposit today, balance after the ride', () => {
  const car = { ...prices, type: 'Honda' as const, fees: 49 };

  it('the deposit is the fees plus one, the balance the rest', () => {
    expect(estimateRide(car, 'ride', 2, 'regular')).toMatchObject({
      listPrice: 160,
      discountPercent: 0,
      price: 160,
      deposit: 50,
      balance: 110,
    });
  });

  it('the balance never goes below zero', () => {
    expect(estimateRide({ ...car, fees: 199 }, 'ride', 1, 'regular').balance).toBe(0);
  });

  it('the promotion takes its share off the ride, never off the deposit', () => {
    const promoted = { ...car, type: PROMOTED_MAKE };
    const estimate = estimateRide(promoted, 'ride', 2, 'regular');
    expect(estimate.discountPercent).toBe(PROMOTION_PERCENT);
    expect(estimate.price).toBe(discountedDollars(160, PROMOTION_PERCENT));
    expect(estimate.deposit).toBe(50);
    expect(estimate.balance).toBe(estimate.price - 50);
  });
});

describe('the promotion', () => {
  it('is 20% on its model only, to the cent', () => {
    expect(PROMOTION_PERCENT).toBe(20);
    expect(promotionPercentFor(PROMOTED_MAKE)).toBe(20);
    expect(promotionPercentFor('Kia')).toBe(0);
    expect(discountedDollars(115, 20)).toBe(92);
    expect(discountedDollars(189, 20)).toBe(151.2);
    expect(discountedDollars(35.55, 20)).toBe(28.44);
  });
});

describe('night, weekend and holiday days, in New York dates', () => {
  it('names the holidays on their dates', () => {
    expect(holidayOn({ year: 2026, month: 11, day: 26 })).toBe('Thanksgiving');
    expect(holidayOn({ year: 2026, month: 5, day: 25 })).toBe('Memorial Day');
    expect(holidayOn({ year: 2027, month: 4, day: 19 })).toBe("Patriots' Day");
    expect(holidayOn({ year: 2027, month: 1, day: 18 })).toBe('Martin Luther King Jr. Day');
    expect(holidayOn({ year: 2026, month: 12, day: 25 })).toBe('Christmas Day');
    expect(holidayOn({ year: 2026, month: 11, day: 25 })).toBeNull();
  });

  it('a holiday first, then the weekend, then the night', () => {
    expect(rateDayOf('26_11_2026', '9:00 AM')).toBe('holiday');
    expect(rateDayOf('28_11_2026', '9:00 AM')).toBe('weekend');
    expect(rateDayOf('25_11_2026', '8:00 PM')).toBe('night');
    expect(rateDayOf('25_11_2026', '5:30 AM')).toBe('night');
    expect(rateDayOf('25_11_2026', '6:00 AM')).toBe('regular');
    expect(rateDayOf('25_11_2026', '7:30 PM')).toBe('regular');
    expect(rateDayOf('25_11_2026')).toBe('regular');
    expect(rateDayOf('not a day')).toBe('regular');
  });
});

describe('the night flat rate the time grid marks', () => {
  const car = { ...prices, type: 'Honda' as const, fees: 49 };

  it('prices a ride at night against by day, on a weekday that is no holiday', () => {
    // Wednesday 2 December 2026: 1 hour is $100 by day, the flat $160 at night.
    expect(nightFlatRate(car, 'ride', 1, '2_12_2026')).toEqual({ nightPrice: 160, dayPrice: 100 });
    // From 1 h 15 on, the flat rate replaces only the first 1 h 15 min.
    expect(nightFlatRate(car, 'ride', 2, '2_12_2026')).toEqual({
      nightPrice: estimateRide(car, 'ride', 2, 'night').price,
      dayPrice: 160,
    });
  });

  it('marks nothing where every time takes one rate: a weekend, a holiday, an hourly or a rental', () => {
    expect(nightFlatRate(car, 'ride', 1, '5_12_2026')).toBeNull(); // a Saturday
    expect(rateDayOf('25_12_2026')).toBe('holiday');
    expect(nightFlatRate(car, 'ride', 1, '25_12_2026')).toBeNull();
    expect(nightFlatRate(car, 'hourly', 3, '2_12_2026')).toBeNull();
    expect(nightFlatRate(car, 'rental', 1, '2_12_2026')).toBeNull();
  });
});
