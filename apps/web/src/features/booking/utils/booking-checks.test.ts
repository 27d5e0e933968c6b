import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@app/shared';
import {
  fieldControl,
  firstBookingProblem,
  type BookingDraft,
  type BookingField,
} from './booking-checks.ts';

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

  it('then checks consent, phone, service type and time, in the product’s order, each naming its field', () => {
    const steps: [Partial<BookingDraft>, string, BookingField][] = [
      [
        { consented: false, phoneValid: false, serviceType: '', slotTime: undefined },
        MESSAGES.agreeToTerms,
        'consent',
      ],
      [{ phoneValid: false, serviceType: '', slotTime: undefined }, MESSAGES.invalidPhone, 'phone'],
      [{ serviceType: '', slotTime: undefined }, MESSAGES.selectServiceType, 'serviceType'],
      [{ slotTime: undefined }, MESSAGES.selectDateTime, 'slot'],
    ];
    for (const [change, message, field] of steps) {
      expect(firstBookingProblem({ ...complete, ...change })).toEqual({
        kind: 'error',
        message,
        field,
      });
    }
  });
});

describe('fieldControl', () => {
  /** A form as far as querySelector goes: the selectors it answers. */
  function formWith(...present: string[]): ParentNode {
    return {
      querySelector: (selector: string) =>
        present.includes(selector) ? ({ selector } as unknown as Element) : null,
    } as unknown as ParentNode;
  }

  it('finds the control each check names, by the name the form submits', () => {
    const form = formWith(
      'input[name="consent"]',
      'input[name="phone"]',
      'select[name="selectedServiceType"]',
      '[data-time][tabindex="0"]',
      '[data-day][tabindex="0"]',
    );
    expect(fieldControl(form, 'consent')).toEqual({ selector: 'input[name="consent"]' });
    expect(fieldControl(form, 'phone')).toEqual({ selector: 'input[name="phone"]' });
    expect(fieldControl(form, 'serviceType')).toEqual({
      selector: 'select[name="selectedServiceType"]',
    });
    expect(fieldControl(form, 'slot')).toEqual({ selector: '[data-time][tabindex="0"]' });
  });

  it('falls back to the day strip when the day has no free time, and to nothing', () => {
    expect(fieldControl(formWith('[data-day][tabindex="0"]'), 'slot')).toEqual({
      selector: '[data-day][tabindex="0"]',
    });
    expect(fieldControl(formWith(), 'phone')).toBeNull();
  });
});
