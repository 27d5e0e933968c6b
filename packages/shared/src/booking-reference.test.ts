import { describe, expect, it } from 'vitest';
import { bookingReference, readBookingReference } from './booking-reference.ts';
import {
  changeCutoffHoursFromEnv,
  DEFAULT_CHANGE_CUTOFF_HOURS,
  durationInWords,
  reminderLeadsFromEnv,
} from './change-cutoff.ts';

describe('bookingReference', () => {
  it('is the first 8 hex digits of the id, uppercased, in two groups of 4', () => {
    expect(bookingReference('3f9a1c2b-77d0-4e1a-9b2c-0d4e5f6a7b8c')).toBe('3F9A-1C2B');
  });

  it('is stable and tells different rides apart by their ids', () => {
    const id = 'a0b1c2d3-0000-4000-8000-000000000000';
    expect(bookingReference(id)).toBe(bookingReference(id));
    expect(bookingReference(id)).not.toBe(bookingReference('a0b1c2d4-0000-4000-8000-000000000000'));
  });
});

describe('readBookingReference', () => {
  it('reads a reference as typed back to the id prefix it stands for', () => {
    const id = '3f9a1c2b-77d0-4e1a-9b2c-0d4e5f6a7b8c';
    expect(readBookingReference(bookingReference(id))).toBe('3f9a1c2b');
    expect(readBookingReference(' 3f9a1c2b ')).toBe('3f9a1c2b');
    for (const text of ['3F9A-1C2', '3F9A-1C2BX', 'GF9A-1C2B', 'ann@example.com', '']) {
      expect(readBookingReference(text), text).toBeNull();
    }
  });
});

describe('changeCutoffHoursFromEnv', () => {
  it('reads CHANGE_CUTOFF_HOURS, keeping 24 for unset or bad values', () => {
    expect(changeCutoffHoursFromEnv({})).toBe(DEFAULT_CHANGE_CUTOFF_HOURS);
    expect(DEFAULT_CHANGE_CUTOFF_HOURS).toBe(24);
    expect(changeCutoffHoursFromEnv({ CHANGE_CUTOFF_HOURS: '48' })).toBe(48);
    expect(changeCutoffHoursFromEnv({ CHANGE_CUTOFF_HOURS: '1.5' })).toBe(24);
    expect(changeCutoffHoursFromEnv({ CHANGE_CUTOFF_HOURS: '-1' })).toBe(24);
  });
});

describe('reminderLeadsFromEnv', () => {
  it('says the reminder settings in words, keeping 24 and 2 hours for unset or bad values', () => {
    expect(reminderLeadsFromEnv({})).toEqual(['24 hours', '2 hours']);
    expect(reminderLeadsFromEnv({ REMINDER_FIRST: '1d', REMINDER_SECOND: '90m' })).toEqual([
      '1 day',
      '90 minutes',
    ]);
    expect(reminderLeadsFromEnv({ REMINDER_FIRST: 'soon' })).toEqual(['24 hours', '2 hours']);
    expect(durationInWords('1h')).toBe('1 hour');
  });
});
