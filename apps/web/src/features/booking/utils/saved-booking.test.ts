import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listBookableDays } from '@app/shared';
import { readDraft, writeDraft } from '../../../lib/tab-drafts.ts';
import {
  forgetSavedBookings,
  hasChoices,
  loadSavedBooking,
  parseSavedBooking,
  restoreSlot,
  saveBooking,
  type SavedBooking,
} from './saved-booking.ts';

/** sessionStorage as a browser tab has it (Node has none without a flag). */
class TabStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return Array.from(this.items.keys())[index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const empty: SavedBooking = {
  serviceType: '',
  dayKey: '4_12_2026',
  slotTime: undefined,
  consented: false,
  phone: undefined,
  pickupAddress: '',
  dropoffAddress: '',
  pickupNotes: '',
  needsReturnRide: null,
  returnPickupAddress: '',
  returnDropoffAddress: '',
  returnPickupNotes: '',
  leftFor: undefined,
  lengths: {},
  returnLeg: { later: false, dayKey: undefined, time: undefined, length: undefined, waiting: 0 },
  waitingMinutes: 0,
};

const filled: SavedBooking = {
  ...empty,
  serviceType: 'Airport Transfer',
  slotTime: '9:30 AM',
  consented: true,
  phone: { country: 'us', national: '6175550142' },
  pickupAddress: '12 Main Street, Norfolk, MA',
  dropoffAddress: 'Logan International Airport, Boston, MA',
  pickupNotes: 'Two suitcases',
  needsReturnRide: true,
  returnPickupAddress: 'Logan International Airport, Boston, MA',
  returnDropoffAddress: '12 Main Street, Norfolk, MA',
  returnPickupNotes: 'Flight BA 213',
  leftFor: 'checkout',
  lengths: { hourly: 5, rental: 7 },
  returnLeg: { later: false, dayKey: '6_12_2026', time: '4:00 PM', length: 2, waiting: 15 },
  waitingMinutes: 45,
};

describe('the saved booking form', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', new TabStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('comes back per car exactly as saved', () => {
    saveBooking('car-a', filled, '');
    saveBooking('car-b', { ...filled, serviceType: 'Car Rental' }, '');
    expect(loadSavedBooking('car-a')).toEqual(filled);
    expect(loadSavedBooking('car-b')?.serviceType).toBe('Car Rental');
    expect(loadSavedBooking('car-c')).toBeNull();
  });

  it('is forgotten when nothing was chosen, and every car’s after a payment', () => {
    saveBooking('car-a', filled, '');
    saveBooking('car-a', empty, '');
    expect(loadSavedBooking('car-a')).toBeNull();

    saveBooking('car-a', filled, '');
    saveBooking('car-b', filled, '');
    writeDraft('other:form', { kept: true });
    forgetSavedBookings();
    expect(loadSavedBooking('car-a')).toBeNull();
    expect(loadSavedBooking('car-b')).toBeNull();
    expect(readDraft('other:form')).toEqual({ kept: true });
  });

  it('counts a choice, not the first day nor the profile’s phone', () => {
    expect(hasChoices(empty, '')).toBe(false);
    const profilePhone = { country: 'us', national: '6175550123' };
    expect(hasChoices({ ...empty, phone: profilePhone }, '6175550123')).toBe(false);
    expect(hasChoices({ ...empty, phone: profilePhone }, '')).toBe(true);
    expect(hasChoices({ ...empty, needsReturnRide: false }, '')).toBe(true);
    expect(hasChoices({ ...empty, consented: true }, '')).toBe(true);
    expect(hasChoices({ ...empty, lengths: { ride: 2 } }, '')).toBe(true);
    expect(hasChoices({ ...empty, waitingMinutes: 30 }, '')).toBe(true);
    expect(hasChoices({ ...empty, slotTime: '9:30 AM' }, '')).toBe(true);
    expect(hasChoices({ ...empty, pickupNotes: 'Gate code 42' }, '')).toBe(true);
    expect(hasChoices({ ...empty, pickupNotes: '   ' }, '')).toBe(false);
  });

  it('reads malformed or foreign values as the form’s defaults', () => {
    for (const value of [null, 'text', 42, [filled]]) expect(parseSavedBooking(value)).toBeNull();
    expect(
      parseSavedBooking({
        serviceType: 7,
        dayKey: '',
        slotTime: 'x'.repeat(41),
        consented: 'yes',
        phone: { country: 'USA', national: '617-555' },
        pickupAddress: 'x'.repeat(2001),
        needsReturnRide: 'maybe',
        leftFor: 'elsewhere',
        lengths: { ride: 1.5, hourly: 'three', rental: 30 },
        waitingMinutes: 20,
        returnLeg: { waiting: '15' },
      }),
    ).toEqual({ ...empty, dayKey: undefined });
    expect(parseSavedBooking({ lengths: { ride: 1.25, hourly: 7 } })?.lengths).toEqual({
      ride: 1.25,
    });
  });

  it('keeps nothing when the tab’s storage is blocked or full', () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
      get length(): number {
        throw new Error('SecurityError');
      },
    });
    expect(() => saveBooking('car-a', filled, '')).not.toThrow();
    expect(loadSavedBooking('car-a')).toBeNull();
    expect(() => forgetSavedBookings()).not.toThrow();
  });
});

describe('restoreSlot', () => {
  const now = new Date('2026-11-25T15:00:00Z'); // 10:00 AM in New York
  const days = listBookableDays(now, { '4_12_2026': ['9:30 AM'] });
  const firstFree = days[0]?.key;

  it('keeps a day and a time still free', () => {
    expect(restoreSlot(days, '4_12_2026', '10:00 AM')).toEqual({
      dayKey: '4_12_2026',
      slotTime: '10:00 AM',
      dropped: undefined,
    });
    expect(restoreSlot(days, '4_12_2026', undefined).dropped).toBeUndefined();
  });

  it('starts on the first free day without a saved one', () => {
    expect(restoreSlot(days, undefined, undefined)).toEqual({
      dayKey: firstFree,
      slotTime: undefined,
      dropped: undefined,
    });
  });

  it('drops a time taken meanwhile and says so', () => {
    expect(restoreSlot(days, '4_12_2026', '9:30 AM')).toEqual({
      dayKey: '4_12_2026',
      slotTime: undefined,
      dropped: '9:30 AM on Friday, December 4 is no longer free. Please choose another time.',
    });
  });

  it('drops a day that left the window, with its time, and says so', () => {
    expect(restoreSlot(days, '24_11_2026', '9:30 AM')).toEqual({
      dayKey: firstFree,
      slotTime: undefined,
      dropped:
        '9:30 AM on November 24, 2026 can no longer be booked. Please choose another day and time.',
    });
    expect(restoreSlot(days, '24_11_2026', undefined).dropped).toBe(
      'November 24, 2026 can no longer be booked. Please choose another day and time.',
    );
  });
});
