import { describe, expect, it } from 'vitest';
import { rideRows, type RideFacts } from './ride-facts.ts';

const ride: RideFacts = {
  id: '0c38a9c1-886b-4198-8040-42f2567209bb',
  customerName: 'Ann Rider',
  customerEmail: 'ann@example.com',
  carName: 'Tesla Model S',
  slotStart: new Date('2026-12-03T14:30:00Z'),
  endsAt: new Date('2026-12-03T15:30:00Z'),
  serviceType: 'Airport Transfer',
  pickupAddress: '12 Main Street, Norfolk, MA',
  dropoffAddress: 'Logan Airport, Boston, MA',
  pickupNotes: '',
  returnRide: null,
  depositCents: 5000,
  priceCents: 14000,
  priceReasons: ['weekend flat rate', '20% off Tesla'],
  phone: '781-555-0100',
};

const returnRow = (facts: RideFacts) =>
  rideRows(facts).find(([label]) => label === 'Return ride')?.[1];

describe('the return ride in an email', () => {
  it('says No without one', () => {
    expect(returnRow(ride)).toBe('No');
  });

  it('names both addresses and the return leg’s time', () => {
    expect(
      returnRow({
        ...ride,
        returnRide: {
          pickupAddress: 'Logan Airport, Boston, MA',
          dropoffAddress: '12 Main Street, Norfolk, MA',
          startsAt: new Date('2026-12-05T20:00:00Z'),
        },
      }),
    ).toBe(
      'From Logan Airport, Boston, MA to 12 Main Street, Norfolk, MA, December 5, 2026, 3:00 PM (New York time)',
    );
  });

  it('says an address left blank is to be agreed, never "… to"', () => {
    expect(
      returnRow({ ...ride, returnRide: { pickupAddress: 'Logan Airport', dropoffAddress: ' ' } }),
    ).toBe('From Logan Airport, drop-off to be agreed');
    expect(returnRow({ ...ride, returnRide: { pickupAddress: '', dropoffAddress: 'Home' } })).toBe(
      'Pickup to be agreed, to Home',
    );
  });
});

describe('the money in a confirmation', () => {
  const money = (facts: RideFacts) =>
    rideRows(facts, { deposit: true }).filter(([label]) =>
      [
        'Deposit paid',
        'Estimated ride price',
        'Why this price',
        'Left to pay after the ride',
      ].includes(label),
    );

  it('says the deposit, the price as booked, why, and what is left after the ride', () => {
    expect(money(ride)).toEqual([
      ['Deposit paid', '$50.00'],
      ['Estimated ride price', '$140.00'],
      ['Why this price', 'weekend flat rate · 20% off Tesla'],
      ['Left to pay after the ride', '$90.00'],
    ]);
  });

  it('leaves out why for a booking made before reasons were kept', () => {
    expect(money({ ...ride, priceReasons: [] })).toEqual([
      ['Deposit paid', '$50.00'],
      ['Estimated ride price', '$140.00'],
      ['Left to pay after the ride', '$90.00'],
    ]);
  });

  it('says the deposit alone for a booking made before prices were kept', () => {
    expect(money({ ...ride, priceCents: null })).toEqual([['Deposit paid', '$50.00']]);
  });
});
