import { describe, expect, it } from 'vitest';
import { bookingRequest, type BookingChoice } from './booking-request.ts';
import type { ContactDetails } from './contact-details.ts';

const CHOICE: BookingChoice = {
  serviceId: 'car-1',
  slotDate: '2026-12-01',
  slotTime: '10:30 AM',
  serviceType: 'Airport transfer',
  lengthMinutes: 75,
};

const contact = (change: Partial<ContactDetails>): ContactDetails => ({
  phone: { country: 'us', national: '6175550142', international: '+16175550142', valid: true },
  pickupAddress: '  1 Main St, Norwood  ',
  dropoffAddress: 'Logan Airport ',
  pickupNotes: ' gate 3 ',
  needsReturnRide: null,
  returnPickupAddress: ' Logan Airport',
  returnDropoffAddress: '1 Main St, Norwood ',
  returnPickupNotes: ' terminal B ',
  locations: {},
  ...change,
});

describe('bookingRequest', () => {
  it('sends the checked choice, the international phone and the trip trimmed', () => {
    const request = bookingRequest(CHOICE, contact({ needsReturnRide: true }));
    expect(request).toEqual({
      serviceId: 'car-1',
      slotDate: '2026-12-01',
      lengthMinutes: 75,
      slotTime: '10:30 AM',
      selectedServiceType: 'Airport transfer',
      smsConsent: true,
      phone: '+16175550142',
      pickupAddress: '1 Main St, Norwood',
      dropoffAddress: 'Logan Airport',
      pickupNotes: 'gate 3',
      needsReturnRide: true,
      returnPickupAddress: 'Logan Airport',
      returnDropoffAddress: '1 Main St, Norwood',
      returnPickupNotes: 'terminal B',
    });
  });

  it("leaves out a return ride's details unless one was asked for", () => {
    for (const needsReturnRide of [false, null]) {
      const request = bookingRequest(CHOICE, contact({ needsReturnRide }));
      expect(request.needsReturnRide).toBe(needsReturnRide);
      expect(request.returnPickupAddress).toBe('');
      expect(request.returnDropoffAddress).toBe('');
      expect(request.returnPickupNotes).toBe('');
    }
  });
});

describe('bookingRequest for a ride booked for its route', () => {
  it('sends the waiting times and no length where the route decides it', () => {
    const request = bookingRequest(
      {
        ...CHOICE,
        lengthMinutes: undefined,
        waitingMinutes: 30,
        returnLeg: { slotDate: '2026-12-02', slotTime: '4:00 PM', waitingMinutes: 15 },
      },
      contact({ needsReturnRide: true }),
    );
    expect(request).not.toHaveProperty('lengthMinutes');
    expect(request).not.toHaveProperty('returnLengthMinutes');
    expect(request.waitingMinutes).toBe(30);
    expect(request.returnWaitingMinutes).toBe(15);
    expect(request.returnSlotTime).toBe('4:00 PM');
  });

  it('sends the chosen length, and no waiting time when there is none', () => {
    const request = bookingRequest(
      { ...CHOICE, waitingMinutes: 0 },
      contact({ needsReturnRide: false }),
    );
    expect(request.lengthMinutes).toBe(75);
    expect(request).not.toHaveProperty('waitingMinutes');
  });
});
