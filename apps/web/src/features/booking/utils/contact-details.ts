import type { LocationData } from '../api/google-maps.ts';
import { initialPhone, type PhoneValue } from '../components/phone-input.tsx';

/** What the signed-in booking form collects besides the slot and service type. */
export interface ContactDetails {
  phone: PhoneValue;
  pickupAddress: string;
  dropoffAddress: string;
  pickupNotes: string;
  /** Unset until the customer answers; Yes reveals the return form. */
  needsReturnRide: boolean | null;
  returnPickupAddress: string;
  returnDropoffAddress: string;
  returnPickupNotes: string;
  /** The location data of chosen suggestions: kept here, not sent with the booking. */
  locations: Partial<
    Record<'pickup' | 'dropoff' | 'returnPickup' | 'returnDropoff', LocationData | null>
  >;
}

export function emptyContactDetails(profilePhone: string | undefined): ContactDetails {
  return {
    phone: initialPhone(profilePhone),
    pickupAddress: '',
    dropoffAddress: '',
    pickupNotes: '',
    needsReturnRide: null,
    returnPickupAddress: '',
    returnDropoffAddress: '',
    returnPickupNotes: '',
    locations: {},
  };
}

/** A patch, or a function of the latest details giving one. */
export type ContactUpdate = (
  patch: Partial<ContactDetails> | ((current: ContactDetails) => Partial<ContactDetails>),
) => void;
