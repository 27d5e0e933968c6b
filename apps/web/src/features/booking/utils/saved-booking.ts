import {
  LENGTH_CHOICES,
  WAITING_CHOICES_MINUTES,
  formatDaySpoken,
  formatSlotDateLong,
  type RateKind,
  type SlotDay,
} from '@app/shared';
import { clearDrafts, readDraft, removeDraft, writeDraft } from '../../../lib/tab-drafts.ts';
import type { ContactDetails } from './contact-details.ts';
import { NO_RETURN_LEG, type ReturnLegChoice } from './return-leg.ts';

/**
 * The booking form as the customer left it, per car, kept in the tab (lib/tab-drafts.ts): signing
 * in from the car page or cancelling on the checkout brings them back to it (docs/product.md,
 * Nothing typed is lost). The places' location data is not kept: it is never sent anyway.
 */
export interface SavedBooking extends Omit<ContactDetails, 'phone' | 'locations'> {
  serviceType: string;
  dayKey: string | undefined;
  slotTime: string | undefined;
  consented: boolean;
  /** Kept once the contact form was shown (signed in); a visitor's draft starts from the profile. */
  phone: { country: string; national: string } | undefined;
  /** Why the customer left the page: what the page says when they come back. */
  leftFor: 'sign-in' | 'checkout' | undefined;
  /** The length chosen for each kind of service, in its unit (`LENGTH_CHOICES`). */
  lengths: BookingLengths;
  /** A round trip's return leg as chosen (ADR 018). */
  returnLeg: ReturnLegChoice;
  /** A ride's waiting time on top of its route, in minutes (`WAITING_CHOICES_MINUTES`). */
  waitingMinutes: number;
}

/** Only a waiting time the form offers comes back; anything else is none. */
function waitingOf(value: unknown): number {
  return typeof value === 'number' && WAITING_CHOICES_MINUTES.includes(value) ? value : 0;
}

/** The length chosen for each kind of service; a kind not chosen for starts at its default. */
export type BookingLengths = Partial<Record<RateKind, number>>;

/** A stored return leg: its day and time as text, its length a number, or the form's default. */
function returnLegOf(value: unknown): ReturnLegChoice {
  if (typeof value !== 'object' || value === null) return NO_RETURN_LEG;
  const stored = value as Record<string, unknown>;
  return {
    later: stored.later === true,
    dayKey: optionalText(stored.dayKey),
    time: optionalText(stored.time),
    length: typeof stored.length === 'number' && stored.length > 0 ? stored.length : undefined,
    waiting: waitingOf(stored.waiting),
  };
}

/** Only lengths the kind offers come back. */
function lengthsOf(value: unknown): BookingLengths {
  if (typeof value !== 'object' || value === null) return {};
  const stored = value as Record<string, unknown>;
  const lengths: BookingLengths = {};
  for (const kind of Object.keys(LENGTH_CHOICES) as RateKind[]) {
    const length = stored[kind];
    if (typeof length === 'number' && LENGTH_CHOICES[kind].includes(length)) lengths[kind] = length;
  }
  return lengths;
}

const TEXT_FIELDS = [
  'serviceType',
  'pickupAddress',
  'dropoffAddress',
  'pickupNotes',
  'returnPickupAddress',
  'returnDropoffAddress',
  'returnPickupNotes',
] as const;

/** Longer than any field the form lets through; a longer stored value is not ours. */
const MAX_TEXT = 2000;

const draftKey = (serviceId: string) => `booking:${serviceId}`;

function text(value: unknown): string {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : '';
}

function optionalText(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 40 ? value : undefined;
}

/** A stored value read back: anything malformed becomes the form's own default. */
export function parseSavedBooking(value: unknown): SavedBooking | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const stored = value as Record<string, unknown>;
  const phone = stored.phone as Record<string, unknown> | null | undefined;
  const saved: SavedBooking = {
    serviceType: '',
    dayKey: optionalText(stored.dayKey),
    slotTime: optionalText(stored.slotTime),
    consented: stored.consented === true,
    phone:
      typeof phone === 'object' &&
      phone !== null &&
      typeof phone.country === 'string' &&
      typeof phone.national === 'string' &&
      /^[a-z]{2}$/.test(phone.country) &&
      /^\d{0,15}$/.test(phone.national)
        ? { country: phone.country, national: phone.national }
        : undefined,
    pickupAddress: '',
    dropoffAddress: '',
    pickupNotes: '',
    needsReturnRide: typeof stored.needsReturnRide === 'boolean' ? stored.needsReturnRide : null,
    returnPickupAddress: '',
    returnDropoffAddress: '',
    returnPickupNotes: '',
    leftFor:
      stored.leftFor === 'sign-in' || stored.leftFor === 'checkout' ? stored.leftFor : undefined,
    lengths: lengthsOf(stored.lengths),
    returnLeg: returnLegOf(stored.returnLeg),
    waitingMinutes: waitingOf(stored.waitingMinutes),
  };
  for (const field of TEXT_FIELDS) saved[field] = text(stored[field]);
  return saved;
}

/**
 * Whether the customer chose or typed anything worth keeping. The day alone is not a choice (the
 * form starts on the first day with free times), nor the phone the profile filled in.
 */
export function hasChoices(saved: SavedBooking, profilePhone: string): boolean {
  return (
    saved.slotTime !== undefined ||
    saved.consented ||
    saved.needsReturnRide !== null ||
    saved.waitingMinutes > 0 ||
    Object.keys(saved.lengths).length > 0 ||
    (saved.phone !== undefined && saved.phone.national !== profilePhone) ||
    TEXT_FIELDS.some((field) => saved[field].trim() !== '')
  );
}

export function loadSavedBooking(serviceId: string): SavedBooking | null {
  return parseSavedBooking(readDraft(draftKey(serviceId)));
}

/** Keeps the form of this car, or forgets it when nothing was chosen. */
export function saveBooking(serviceId: string, saved: SavedBooking, profilePhone: string): void {
  if (hasChoices(saved, profilePhone)) writeDraft(draftKey(serviceId), saved);
  else removeDraft(draftKey(serviceId));
}

/** After a paid booking: every car's form starts afresh. */
export function forgetSavedBookings(): void {
  clearDrafts('booking:');
}

export interface RestoredSlot {
  dayKey: string | undefined;
  slotTime: string | undefined;
  /** What was dropped and why, in the customer's words; undefined when all was kept. */
  dropped: string | undefined;
}

/**
 * The saved day and time against the free times of now: a day that left the window or a time
 * taken meanwhile is dropped, never silently kept, and the customer is told.
 */
export function restoreSlot(
  days: readonly SlotDay[],
  dayKey: string | undefined,
  slotTime: string | undefined,
): RestoredSlot {
  const firstFree = (days.find((day) => day.slots.length > 0) ?? days[0])?.key;
  if (dayKey === undefined) return { dayKey: firstFree, slotTime: undefined, dropped: undefined };
  const day = days.find((candidate) => candidate.key === dayKey);
  if (!day) {
    const when = slotTime
      ? `${slotTime} on ${formatSlotDateLong(dayKey)}`
      : formatSlotDateLong(dayKey);
    return {
      dayKey: firstFree,
      slotTime: undefined,
      dropped: `${when} can no longer be booked. Please choose another day and time.`,
    };
  }
  if (slotTime === undefined || day.slots.some((slot) => slot.label === slotTime)) {
    return { dayKey, slotTime, dropped: undefined };
  }
  return {
    dayKey,
    slotTime: undefined,
    dropped: `${slotTime} on ${formatDaySpoken(day)} is no longer free. Please choose another time.`,
  };
}
