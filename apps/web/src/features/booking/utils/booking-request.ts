import type { BookingRequest } from '@app/shared';
import type { ContactDetails } from './contact-details.ts';

/** The choices the form checked: a free time on a day, the car's service type and the length. */
export interface BookingChoice {
  serviceId: string;
  slotDate: string;
  slotTime: string;
  serviceType: string;
  /** The booked length, in minutes of the car. */
  lengthMinutes: number;
  /** A round trip's return leg, chosen now. */
  returnLeg?: { slotDate: string; slotTime: string; lengthMinutes: number } | undefined;
}

/**
 * What the form sends for a checked choice: the trip's text trimmed, and a return ride's details
 * only when the customer asked for one (the fields they typed and hid again are not sent).
 */
export function bookingRequest(choice: BookingChoice, contact: ContactDetails): BookingRequest {
  const returnRide = contact.needsReturnRide === true;
  return {
    serviceId: choice.serviceId,
    slotTime: choice.slotTime,
    slotDate: choice.slotDate,
    lengthMinutes: choice.lengthMinutes,
    phone: contact.phone.international,
    pickupAddress: contact.pickupAddress.trim(),
    dropoffAddress: contact.dropoffAddress.trim(),
    pickupNotes: contact.pickupNotes.trim(),
    selectedServiceType: choice.serviceType,
    // The booking policy's checkbox, checked at Book, includes the texts.
    smsConsent: true,
    needsReturnRide: contact.needsReturnRide,
    returnPickupNotes: returnRide ? contact.returnPickupNotes.trim() : '',
    returnPickupAddress: returnRide ? contact.returnPickupAddress.trim() : '',
    returnDropoffAddress: returnRide ? contact.returnDropoffAddress.trim() : '',
    ...(returnRide && choice.returnLeg
      ? {
          returnSlotDate: choice.returnLeg.slotDate,
          returnSlotTime: choice.returnLeg.slotTime,
          returnLengthMinutes: choice.returnLeg.lengthMinutes,
        }
      : {}),
  };
}
