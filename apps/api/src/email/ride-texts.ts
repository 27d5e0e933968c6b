import { bookingReference, formatCents, type TextedTemplate } from '@app/shared';
import { ridePageUrl } from '../calendar/ride-calendar.ts';
import { rideEndTime, rideTime, type RideEmailSettings, type RideFacts } from './ride-facts.ts';

/** A text's body, from the ride as it is now and what the outbox row alone knows (the refund). */
export type RideText = (
  ride: RideFacts,
  facts: MessageFacts,
  settings: RideEmailSettings,
  /** Who drives, for the chauffeur's own taps ("On my way", "Arrived"). */
  chauffeur: ChauffeurFacts,
) => string;

/** What a message says that the ride's row does not: its outbox row's payload, read. */
export interface MessageFacts {
  /** A cancellation's refund: 0 when nothing goes back. */
  refundCents: number;
  /** A bill's amount: its balance when sent, the balance and tip when due through a link. */
  amountCents: number;
  /** The bill's payment link, or its page. */
  billUrl: string;
}

/** The chauffeur as a tap's message names them: first name, the car's plate, the live page. */
export interface ChauffeurFacts {
  firstName: string;
  plate: string;
  /** The ride's live trip page, opened without signing in (`modules/trips`). */
  tripUrl: string;
}

/** "Your chauffeur Dana (plate ABC 123)", or less when the ride's facts are missing. */
export function chauffeurWords({ firstName, plate }: ChauffeurFacts): string {
  const who = firstName ? `your chauffeur ${firstName}` : 'your chauffeur';
  return plate ? `${who} (plate ${plate})` : who;
}

const STOP = 'Reply STOP to opt out.';

/** Which ride, as every text names it: the car, the booking reference and the ride's page. */
const which = (ride: RideFacts, publicBaseUrl: string) =>
  `${ride.carName}, ref ${bookingReference(ride.id)}. Details: ${ridePageUrl(ride.id, publicBaseUrl)}`;

/** Which ride a tap's text is about, and its live trip page in place of the ride's page. */
const followed = (ride: RideFacts, chauffeur: ChauffeurFacts) =>
  `${ride.carName}, ref ${bookingReference(ride.id)}. Follow it live: ${chauffeur.tripUrl}`;

/**
 * The texts, one for exactly each template whose route says `text: true` (`MESSAGE_ROUTES`):
 * a route texted without a body here, or a body for one that is not, does not compile. Texts are
 * short, name the business, the car, the time, the booking reference and the ride's page, and
 * say how to stop them (carriers require it).
 */
export const RIDE_TEXTS: { readonly [T in TextedTemplate]: RideText } = {
  reminder_2h: (ride, _cancelled, { business, publicBaseUrl }) =>
    `${business.name}: your ride is at ${rideTime(ride.slotStart)}, until ${rideEndTime(ride)}, from ${ride.pickupAddress}. ${which(ride, publicBaseUrl)} Questions: ${business.phone}. ${STOP}`,
  rescheduled: (ride, _cancelled, { business, publicBaseUrl }) =>
    `${business.name}: your ride has moved to ${rideTime(ride.slotStart)}, until ${rideEndTime(ride)}. ${which(ride, publicBaseUrl)} ${STOP}`,
  on_my_way: (ride, _cancelled, { business }, chauffeur) =>
    `${business.name}: ${chauffeurWords(chauffeur)} is on the way to ${ride.pickupAddress}. ${followed(ride, chauffeur)} ${STOP}`,
  arrived: (ride, _cancelled, { business }, chauffeur) =>
    `${business.name}: ${chauffeurWords(chauffeur)} has arrived at ${ride.pickupAddress}. ${followed(ride, chauffeur)} ${STOP}`,
  bill_sent: (ride, { amountCents, billUrl }, { business }) =>
    `${business.name}: your bill for the ${ride.carName} ride, ref ${bookingReference(ride.id)}, is ready: ${amountCents > 0 ? `$${formatCents(amountCents)} left to pay after the deposit` : 'the deposit covered it'}. See it, add a tip and get your receipt: ${billUrl} ${STOP}`,
  bill_payment_due: (ride, { amountCents, billUrl }, { business }) =>
    `${business.name}: your bank did not let us charge your card $${formatCents(amountCents)} for the ${ride.carName} ride, ref ${bookingReference(ride.id)}. Pay it here: ${billUrl} ${STOP}`,
  cancelled: (ride, { refundCents }, { business, publicBaseUrl }) =>
    `${business.name}: your ride on ${rideTime(ride.slotStart)} is cancelled.${refundCents > 0 ? ` $${formatCents(refundCents)} is refunded to your card.` : ''} ${which(ride, publicBaseUrl)} Questions: ${business.phone}. ${STOP}`,
};
