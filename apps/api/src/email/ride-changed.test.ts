import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS } from '@app/shared';
import { rideRescheduledEmail } from './ride-changed.ts';
import type { RideFacts } from './ride-facts.ts';

const ride: RideFacts = {
  id: '0c38a9c1-886b-4198-8040-42f2567209bb',
  customerName: 'Ann Rider',
  customerEmail: 'ann@example.com',
  carName: 'Chevrolet Suburban',
  slotStart: new Date('2026-12-03T19:00:00Z'),
  endsAt: new Date('2026-12-03T20:00:00Z'),
  serviceType: 'Airport Transfer',
  pickupAddress: '12 Main Street, Norfolk, MA',
  dropoffAddress: 'Logan Airport, Boston, MA',
  pickupNotes: '',
  returnRide: null,
  depositCents: 5000,
  priceCents: 14000,
  priceReasons: [],
  phone: '781-555-0100',
};
const settings = { business: DEFAULT_BUSINESS, publicBaseUrl: 'https://rides.example.com' };
const invite = { filename: 'ride.ics', contentType: 'text/calendar', content: '' };
const before = new Date('2026-12-03T14:00:00Z');

describe('the ride moved email', () => {
  it('says the customer’s own move plainly', () => {
    const mail = rideRescheduledEmail(ride, { previousSlotStart: before }, invite, settings);
    expect(mail.text).toContain(
      'Your ride has moved from December 3, 2026, 9:00 AM (New York time) to December 3, 2026, 2:00 PM (New York time).',
    );
    expect(mail.text).not.toContain('Why:');
  });

  it('says an owner’s move as ours, with the new car and the reason', () => {
    const mail = rideRescheduledEmail(
      ride,
      {
        previousSlotStart: before,
        reason: 'The Tesla needs a repair.',
        previousCarName: 'Tesla Model S',
      },
      invite,
      settings,
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('We have moved your ride from');
      expect(part).toContain('Your car is now the Chevrolet Suburban (it was the Tesla Model S).');
      expect(part).toContain('Why: The Tesla needs a repair.');
    }
  });
});
