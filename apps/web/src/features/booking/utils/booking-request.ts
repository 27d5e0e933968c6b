import type { BookingRequest } from '@app/shared';
import type { ContactDetails } from './contact-details.ts';

/** The choices the form checked: a free time on a day, the car's service type and the length. */
export interface BookingChoice {
  serviceId: string;
  slotDate: string;
  slotTime: string;
  serviceType: string;
  /**
   * The length the customer chose, in minutes of the car: hourly and rentals, or a ride whose
   * places the quote could not find. Left out for a ride booked for its route.
   */
  lengthMinutes?: number | undefined;
  /** A ride's waiting time on top of its route, in minutes (0 for hourly and rentals). */
  waitingMinutes?: number | undefined;
  /** A round trip's return leg, chosen now. */
  returnLeg?: ReturnLegRequest | undefined;
}

export interface ReturnLegRequest {
  slotDate: string;
  slotTime: string;
  lengthMinutes?: number | undefined;
  waitingMinutes?: number | undefined;
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
    ...(choice.lengthMinutes !== undefined ? { lengthMinutes: choice.lengthMinutes } : {}),
    ...(choice.waitingMinutes ? { waitingMinutes: choice.waitingMinutes } : {}),
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
          ...(choice.returnLeg.lengthMinutes !== undefined
            ? { returnLengthMinutes: choice.returnLeg.lengthMinutes }
            : {}),
          ...(choice.returnLeg.waitingMinutes
            ? { returnWaitingMinutes: choice.returnLeg.waitingMinutes }
            : {}),
        }
      : {}),
  };
}
