import { describe, expect, it } from 'vitest';
import { MESSAGES, RETURN_TIME_MESSAGE } from '@app/shared';
import {
  fieldControl,
  bookingProblems,
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

describe('bookingProblems', () => {
  it('finds none in a complete draft', () => {
    expect(bookingProblems(complete)).toEqual([]);
  });

  it('asks a visitor to log in and nothing else', () => {
    expect(
      bookingProblems({
        signedIn: false,
        consented: false,
        phoneValid: false,
        serviceType: '',
        slotTime: undefined,
        returnTimeMissing: true,
      }),
    ).toEqual({ kind: 'login', message: MESSAGES.loginToBook });
  });

  it('lists every field at fault at once, in the product’s order, then the return time', () => {
    expect(
      bookingProblems({
        ...complete,
        consented: false,
        phoneValid: false,
        serviceType: '',
        slotTime: undefined,
        returnTimeMissing: true,
      }),
    ).toEqual([
      { field: 'consent', message: MESSAGES.agreeToTerms },
      { field: 'phone', message: MESSAGES.invalidPhone },
      { field: 'serviceType', message: MESSAGES.selectServiceType },
      { field: 'slot', message: MESSAGES.selectDateTime },
      { field: 'returnLeg', message: RETURN_TIME_MESSAGE },
    ]);
  });

  it('names each check’s field alone when it is the only one at fault', () => {
    const alone: [Partial<BookingDraft>, string, BookingField][] = [
      [{ consented: false }, MESSAGES.agreeToTerms, 'consent'],
      [{ phoneValid: false }, MESSAGES.invalidPhone, 'phone'],
      [{ serviceType: '' }, MESSAGES.selectServiceType, 'serviceType'],
      [{ slotTime: undefined }, MESSAGES.selectDateTime, 'slot'],
      [{ returnTimeMissing: true }, RETURN_TIME_MESSAGE, 'returnLeg'],
    ];
    for (const [change, message, field] of alone) {
      expect(bookingProblems({ ...complete, ...change })).toEqual([{ field, message }]);
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
