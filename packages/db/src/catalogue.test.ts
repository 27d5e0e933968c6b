import { describe, expect, it } from 'vitest';
import { estimateRide, MULTI_HOUR_MINIMUM_HOURS } from '@app/shared';
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
