import { describe, expect, it } from 'vitest';
import { quoteRequest, type QuoteChoice } from './quote-request.ts';

const CHOICE: QuoteChoice = {
  serviceType: 'Airport Transfer',
  needsType: false,
  kind: 'ride',
  ride: {
    dayKey: '1_12_2026',
    time: '5:30 AM',
    pickupAddress: ' Norwood, MA 02062 ',
    dropoffAddress: 'Logan Airport, Boston, MA',
    waitingMinutes: 30,
    lengthMinutes: 60,
  },
};

describe('quoteRequest', () => {
  it('asks nothing before a type and a day are chosen', () => {
    expect(quoteRequest({ ...CHOICE, needsType: true, serviceType: '' })).toBeNull();
    expect(quoteRequest({ ...CHOICE, ride: { ...CHOICE.ride, dayKey: undefined } })).toBeNull();
  });

  it('sends the leg trimmed, with its waiting time and the chosen length to fall back on', () => {
    expect(quoteRequest(CHOICE)).toEqual({
      serviceType: 'Airport Transfer',
      ride: {
        slotDate: '1_12_2026',
        slotTime: '5:30 AM',
        pickupAddress: 'Norwood, MA 02062',
        dropoffAddress: 'Logan Airport, Boston, MA',
        waitingMinutes: 30,
        lengthMinutes: 60,
      },
    });
  });

  it('leaves out a time not chosen, and waiting for hourly bookings and rentals', () => {
    const request = quoteRequest({
      ...CHOICE,
      kind: 'hourly',
      ride: { ...CHOICE.ride, time: undefined },
    });
    expect(request?.ride).not.toHaveProperty('slotTime');
    expect(request?.ride.waitingMinutes).toBe(0);
  });

  it('prices the return leg once its day is chosen', () => {
    const back = { ...CHOICE.ride, dayKey: undefined, pickupAddress: '', dropoffAddress: '' };
    expect(quoteRequest({ ...CHOICE, returnLeg: back })).not.toHaveProperty('returnLeg');
    const request = quoteRequest({
      ...CHOICE,
      returnLeg: { ...back, dayKey: '2_12_2026', time: '4:00 PM' },
    });
    expect(request?.returnLeg).toEqual({
      slotDate: '2_12_2026',
      slotTime: '4:00 PM',
      pickupAddress: '',
      dropoffAddress: '',
      waitingMinutes: 30,
      lengthMinutes: 60,
    });
  });
});
