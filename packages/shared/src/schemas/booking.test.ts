import { describe, expect, it } from 'vitest';
import {
  applyWordLimit,
  countWords,
  isValidBookingPhone,
  limitWords,
  NOTES_TOO_LONG_MESSAGE,
} from '../booking-rules.ts';
import { BookingRequestSchema } from './booking.ts';

const words = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => `word${i + from}`).join(' ');

describe('notes limited to 50 words', () => {
  it('counts words whatever the spacing', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' pick me up\n at the  gate ')).toBe(6);
  });

  it('cuts a longer text after its 50th word', () => {
    expect(limitWords(words(55))).toBe(words(50));
    expect(limitWords(words(50))).toBe(words(50));
  });

  it('ignores typing past the 50th word, character by character', () => {
    let notes = '';
    for (const char of `${words(55)} `) notes = applyWordLimit(notes, notes + char);
    // The letters of word51 to word55 were ignored; only the spaces typed between them remain.
    expect(notes.trimEnd()).toBe(words(50));
    expect(countWords(notes)).toBe(50);
  });

  it('cuts a paste that would go past 50 words, and keeps edits within the limit', () => {
    expect(applyWordLimit(words(10), words(60))).toBe(words(50));
    expect(applyWordLimit(words(50), words(49))).toBe(words(49));
  });
});

describe('booking phone', () => {
  it('takes 10 digits, 3-3-4 with hyphens, after an optional country code', () => {
    expect(isValidBookingPhone('+17815550142')).toBe(true);
    expect(isValidBookingPhone('(781) 555-0142')).toBe(true);
    expect(isValidBookingPhone('781-555-0142')).toBe(true);
    expect(isValidBookingPhone('7815550142')).toBe(true);
    expect(isValidBookingPhone('+44 20 7946 0958')).toBe(true);
    // Seven digits were let through before: the rule wants ten (docs/product.md, "The car page").
    expect(isValidBookingPhone('555-0142')).toBe(false);
    expect(isValidBookingPhone('+15550142')).toBe(false);
    expect(isValidBookingPhone('+1781555014')).toBe(false);
    expect(isValidBookingPhone('+1234567890123456')).toBe(false);
    expect(isValidBookingPhone('12345')).toBe(false);
    expect(isValidBookingPhone('call me')).toBe(false);
  });
});

describe('the booking request', () => {
  const valid = {
    serviceId: '00000000-0000-4000-8000-000000000000',
    slotDate: '23_11_2026',
    slotTime: '9:30 AM',
    phone: '+17815550142',
    pickupAddress: '1 Main Street, Norfolk, MA',
    dropoffAddress: 'Logan Airport, Boston, MA',
  };

  it('accepts a request and fills the optional fields', () => {
    expect(BookingRequestSchema.parse(valid)).toMatchObject({
      pickupNotes: '',
      selectedServiceType: '',
      needsReturnRide: null,
      returnPickupAddress: '',
    });
  });

  it('refuses return details without a return ride, and notes over 50 words', () => {
    expect(() => BookingRequestSchema.parse({ ...valid, returnPickupAddress: 'Logan' })).toThrow(
      'Return ride details are only needed for a return ride.',
    );
    expect(() =>
      BookingRequestSchema.parse({ ...valid, needsReturnRide: true, returnPickupAddress: 'Logan' }),
    ).not.toThrow();
    expect(() => BookingRequestSchema.parse({ ...valid, pickupNotes: words(51) })).toThrow(
      'Notes must be at most 50 words.',
    );
  });

  it('counts words, not characters: 50 long words pass, an absurd length has its own message', () => {
    const longWords = Array.from({ length: 50 }, () => 'x'.repeat(30)).join(' ');
    expect(longWords.length).toBeGreaterThan(1000);
    expect(() => BookingRequestSchema.parse({ ...valid, pickupNotes: longWords })).not.toThrow();
    expect(() =>
      BookingRequestSchema.parse({ ...valid, returnPickupNotes: 'x'.repeat(2001) }),
    ).toThrow(NOTES_TOO_LONG_MESSAGE);
  });

  it('refuses a slot that is not a slot', () => {
    expect(() => BookingRequestSchema.parse({ ...valid, slotTime: '9:15 AM' })).toThrow(
      'Please select a date and time',
    );
    expect(() => BookingRequestSchema.parse({ ...valid, slotDate: '31_2_2027' })).toThrow(
      'Please select a date and time',
    );
  });
});
