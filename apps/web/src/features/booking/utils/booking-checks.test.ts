import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared';
import { firstBookingProblem, type BookingDraft } from './booking-checks.ts';

const complete: BookingDraft = {
  signedIn: true,
  consented: true,
  phoneValid: true,
  serviceType: 'Airport transfer',
  slotTime: '10:30 AM',
};

describe('firstBookingProblem', () => {
  it('finds none in a complete draft', () => {
    expect(firstBookingProblem(complete)).toBeNull();
  });

  it('asks a visitor to log in before anything else', () => {
    expect(
      firstBookingProblem({
        signedIn: false,
        consented: false,
        phoneValid: false,
        serviceType: '',
        slotTime: undefined,
      }),
    ).toEqual({ kind: 'login', message: MESSAGES.loginToBook });
  });

  it('then checks consent, phone, service type and time, in the product’s order', () => {
    const steps: [Partial<BookingDraft>, string][] = [
      [
        { consented: false, phoneValid: false, serviceType: '', slotTime: undefined },
        MESSAGES.agreeToTerms,
      ],
      [{ phoneValid: false, serviceType: '', slotTime: undefined }, MESSAGES.invalidPhone],
      [{ serviceType: '', slotTime: undefined }, MESSAGES.selectServiceType],
      [{ slotTime: undefined }, MESSAGES.selectDateTime],
    ];
    for (const [change, message] of steps) {
      expect(firstBookingProblem({ ...complete, ...change })).toEqual({ kind: 'error', message });
    }
  });
});
