import { describe, expect, it } from 'vitest';
import { estimateRide, LENGTH_CHOICES, MULTI_HOUR_MINIMUM_HOURS, rateWarnings } from '@app/shared';
import { DEMO_CATALOGUE } from './catalogue.ts';

describe('the demo catalogue makes sense', () => {
  it('the multi-hour rate is the cheaper rate for long bookings on every car', () => {
    const dearer = DEMO_CATALOGUE.filter(
      (car) => car.serviceChargePerHour >= car.specialServicePricePerHour,
    ).map((car) => car.name);
    expect(dearer).toEqual([]);
    for (const car of DEMO_CATALOGUE) {
      const atThree = estimateRide(car, 'hourly', MULTI_HOUR_MINIMUM_HOURS, 'regular').listPrice;
      expect(atThree, car.name).toBeLessThan(car.specialServicePricePerHour * 3);
    }
  });

  it('a week of rental costs less than seven days', () => {
    const dearer = DEMO_CATALOGUE.filter(
      (car) => car.rentalWeeklyPrice >= car.rentalDailyPrice * 7,
    ).map((car) => car.name);
    expect(dearer).toEqual([]);
  });
});

describe('the demo catalogue keeps the rate rules', () => {
  const days = ['regular', 'night', 'weekend', 'holiday'] as const;

  it('no car breaks a rule the car form would show the owner', () => {
    const broken = DEMO_CATALOGUE.flatMap((car) =>
      rateWarnings(car).map((warning) => `${car.name}: ${warning}`),
    );
    expect(broken).toEqual([]);
  });

  it('a longer booking of a kind never costs less than a shorter one', () => {
    const quarterHours = Array.from({ length: 48 }, (_, i) => (i + 1) / 4);
    for (const car of DEMO_CATALOGUE) {
      for (const day of days) {
        const rides = quarterHours.map((hours) => estimateRide(car, 'ride', hours, day).price);
        expect(rides, `${car.name}, rides on a ${day} day`).toEqual(
          [...rides].sort((a, b) => a - b),
        );
      }
      for (const kind of ['hourly', 'rental'] as const) {
        const prices = LENGTH_CHOICES[kind].map(
          (length) => estimateRide(car, kind, length, 'regular').price,
        );
        expect(prices, `${car.name}, ${kind}`).toEqual([...prices].sort((a, b) => a - b));
      }
    }
  });

  it('a long ride never costs less than the hourly charter of the same hours', () => {
    for (const car of DEMO_CATALOGUE) {
      for (const hours of [3, 4, 5, 6, 8]) {
        const ride = estimateRide(car, 'ride', hours, 'regular').listPrice;
        const charter = estimateRide(car, 'hourly', hours, 'regular').listPrice;
        expect(ride, `${car.name}, ${hours} hours`).toBeGreaterThanOrEqual(charter);
      }
    }
  });
});
