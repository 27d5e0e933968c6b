import { useEffect, useMemo, useState, type RefObject } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  ADDRESS_MAX_LENGTH,
  LENGTH_CHOICES,
  parseSearchLength,
  readCarSearch,
  type RateKind,
  type Service,
  type SlotDay,
  type UserProfile,
} from '@app/shared';
import { useHydrated } from '../../../lib/rendered-at.ts';
import { useSession } from '../../../state/session.tsx';
import { initialPhone, makePhoneValue } from '../components/phone-input.tsx';
import { RETURN_MESSAGES } from '../components/return-notice.tsx';
import { emptyContactDetails, type ContactDetails } from '../utils/contact-details.ts';
import {
  loadSavedBooking,
  restoreSlot,
  saveBooking,
  type BookingLengths,
  type SavedBooking,
} from '../utils/saved-booking.ts';
import { NO_RETURN_LEG, type ReturnLegChoice } from '../utils/return-leg.ts';

/** The checkout's cancel address carries it (start-checkout.ts in the API). */
const CANCELLED_MARK = 'checkout';

/**
 * The form as the customer left it on this car (signing in, the checkout), checked against the
 * free times of now, and what to tell them about it. Nothing while the server's HTML is being
 * rendered or hydrated: the tab's storage is the browser's alone.
 */
function startingPoint(
  service: Service,
  days: SlotDay[],
  signedIn: boolean,
  search: string,
  hydrated: boolean,
) {
  const saved = hydrated ? loadSavedBooking(service._id) : null;
  // Opened from a search by time: its day, time and length, over what the tab kept.
  const found = hydrated ? readCarSearch(search) : null;
  const slot = found
    ? restoreSlot(days, found.date, found.time)
    : restoreSlot(days, saved?.dayKey, saved?.slotTime);
  const cancelled =
    saved?.leftFor === 'checkout' &&
    new URLSearchParams(search).get(CANCELLED_MARK) === 'cancelled';
  const lines = [
    cancelled && RETURN_MESSAGES.checkoutCancelled,
    saved?.leftFor === 'sign-in' && signedIn && RETURN_MESSAGES.signedIn,
    slot.dropped,
  ].filter((line): line is string => typeof line === 'string');
  return {
    saved,
    slot,
    lines,
    lengths: found ? searchLengths(found.length) : saved?.lengths,
    addresses: hydrated ? addressesOf(search) : null,
  };
}

/** "Book my return" sends the ride's addresses reversed: the new booking starts from them. */
function addressesOf(search: string): { pickupAddress: string; dropoffAddress: string } | null {
  const params = new URLSearchParams(search);
  const pickupAddress = params.get('pickup')?.slice(0, ADDRESS_MAX_LENGTH) ?? '';
  const dropoffAddress = params.get('dropoff')?.slice(0, ADDRESS_MAX_LENGTH) ?? '';
  return pickupAddress || dropoffAddress ? { pickupAddress, dropoffAddress } : null;
}

/** A search's length as the form's: hours for a ride and for an hourly booking, or days. */
function searchLengths(length: string): BookingLengths {
  const found = parseSearchLength(length);
  if (!found) return {};
  if (found.kind === 'rental') return { rental: found.length };
  const hours = found.length;
  return { hourly: hours, ...(LENGTH_CHOICES.ride.includes(hours) ? { ride: hours } : {}) };
}

/** The service type the form starts with: the one the customer left, if the car still has it. */
function startingType(types: readonly string[], saved: SavedBooking | null): string {
  return saved && types.includes(saved.serviceType) ? saved.serviceType : '';
}

/** The contact details the form starts with: the profile's phone, or what the customer left. */
function startingContact(
  user: UserProfile | null,
  saved: SavedBooking | null,
  addresses: { pickupAddress: string; dropoffAddress: string } | null = null,
): ContactDetails {
  const empty = emptyContactDetails(user?.phone);
  if (addresses) return { ...empty, ...addresses, needsReturnRide: false };
  if (!saved) return empty;
  return {
    ...empty,
    // A phone typed while signed in; a visitor's form starts from the profile's.
    phone:
      user && saved.phone ? makePhoneValue(saved.phone.country, saved.phone.national) : empty.phone,
    pickupAddress: saved.pickupAddress,
    dropoffAddress: saved.dropoffAddress,
    pickupNotes: saved.pickupNotes,
    needsReturnRide: saved.needsReturnRide,
    returnPickupAddress: saved.returnPickupAddress,
    returnDropoffAddress: saved.returnDropoffAddress,
    returnPickupNotes: saved.returnPickupNotes,
  };
}

/**
 * The booking form's choices on this car, kept in the tab as they change (saved-booking.ts) and
 * brought back with the customer. The server renders the empty form; hydrated, it is filled in
 * with what they chose before, and the notice saying why (`lines`, shown in `notice`) takes
 * focus.
 */
export function useBookingDraft(
  service: Service,
  days: SlotDay[],
  notice: RefObject<HTMLElement | null>,
) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { profile: user } = useSession();
  const hydrated = useHydrated();
  const types = service.availableServiceTypes;
  const profilePhone = initialPhone(user?.phone).national;
  const [start, setStart] = useState(() =>
    startingPoint(service, days, user !== null, search, hydrated),
  );
  const { saved } = start;
  const [dayKey, setDayKey] = useState(start.slot.dayKey);
  // Kept when the day changes: the chosen time stays as chosen (docs/product.md, Slots).
  const [slotTime, setSlotTime] = useState(start.slot.slotTime);
  const [consented, setConsented] = useState(saved?.consented ?? false);
  const [chosenType, setChosenType] = useState(() => startingType(types, saved));
  const [contact, setContact] = useState<ContactDetails>(() =>
    startingContact(user, saved, start.addresses),
  );
  const [lengths, setLengths] = useState<BookingLengths>(start.lengths ?? {});
  const [returnLeg, setReturnLeg] = useState<ReturnLegChoice>(saved?.returnLeg ?? NO_RETURN_LEG);
  const [waitingMinutes, setWaitingMinutes] = useState(saved?.waitingMinutes ?? 0);
  // Hydrated from the server's HTML: now the form as the customer left it (a render-time state
  // update, so the empty form is never committed over it).
  const [restored, setRestored] = useState(hydrated);
  if (hydrated && !restored) {
    const left = startingPoint(service, days, user !== null, search, true);
    setRestored(true);
    setStart(left);
    setDayKey(left.slot.dayKey);
    setSlotTime(left.slot.slotTime);
    setConsented(left.saved?.consented ?? false);
    setChosenType(startingType(types, left.saved));
    setContact(startingContact(user, left.saved, left.addresses));
    setLengths(left.lengths ?? {});
    setReturnLeg(left.saved?.returnLeg ?? NO_RETURN_LEG);
    setWaitingMinutes(left.saved?.waitingMinutes ?? 0);
  }

  const current: SavedBooking = useMemo(
    () => ({
      serviceType: chosenType,
      dayKey,
      slotTime,
      consented,
      phone: user
        ? { country: contact.phone.country, national: contact.phone.national }
        : undefined,
      pickupAddress: contact.pickupAddress,
      dropoffAddress: contact.dropoffAddress,
      pickupNotes: contact.pickupNotes,
      needsReturnRide: contact.needsReturnRide,
      returnPickupAddress: contact.returnPickupAddress,
      returnDropoffAddress: contact.returnDropoffAddress,
      returnPickupNotes: contact.returnPickupNotes,
      leftFor: undefined,
      lengths,
      returnLeg,
      waitingMinutes,
    }),
    [chosenType, dayKey, slotTime, consented, user, contact, lengths, returnLeg, waitingMinutes],
  );
  useEffect(() => {
    // Not the server's empty form: it would overwrite what the tab kept before it is restored.
    if (restored) saveBooking(service._id, current, profilePhone);
  }, [restored, service._id, current, profilePhone]);

  // Back at the form: the checkout's mark leaves the address (a reload says nothing again), and
  // the notice, if any, takes focus so the customer sees and hears why the form is filled in.
  useEffect(() => {
    if (!restored) return;
    const params = new URLSearchParams(window.location.search);
    if (params.has(CANCELLED_MARK)) {
      params.delete(CANCELLED_MARK);
      const rest = params.toString();
      navigate(`${window.location.pathname}${rest ? `?${rest}` : ''}`, { replace: true });
    }
    notice.current?.focus();
  }, [restored, navigate, notice]);

  /** Keeps the form with why the customer is leaving it, for the page they come back to. */
  function leaving(leftFor: SavedBooking['leftFor']) {
    saveBooking(service._id, { ...current, leftFor }, profilePhone);
  }

  return {
    /** False until the tab's draft is in: the form waits, disabled. */
    restored,
    /** What the page says about the form it came back to. */
    lines: start.lines,
    dayKey,
    setDayKey,
    slotTime,
    setSlotTime,
    consented,
    setConsented,
    chosenType,
    setChosenType,
    contact,
    setContact,
    /** The length chosen for each kind of service. */
    lengths,
    setLength: (kind: RateKind, length: number) =>
      setLengths((current) => ({ ...current, [kind]: length })),
    /** A round trip's return leg as chosen. */
    returnLeg,
    setReturnLeg,
    /** A ride's waiting time on top of its route, in minutes. */
    waitingMinutes,
    setWaitingMinutes,
    leaving,
  };
}
