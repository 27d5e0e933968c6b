import { bookingReference } from '@app/shared';
import { htmlLayout, textLayout } from './layout.ts';
import {
  button,
  greeting,
  paragraph,
  rideTime,
  type RideEmailSettings,
  type RideFacts,
} from './ride-facts.ts';
import { chauffeurWords, type ChauffeurFacts } from './ride-texts.ts';
import type { Mail } from './transport.ts';

/** To the customer when their chauffeur taps "On my way" or "Arrived": who comes, in which car. */
export function rideChauffeurEmail(
  ride: RideFacts,
  tap: 'on_my_way' | 'arrived',
  chauffeur: ChauffeurFacts,
  settings: RideEmailSettings,
): Mail {
  const who = chauffeurWords(chauffeur);
  const Who = who.charAt(0).toUpperCase() + who.slice(1);
  const news =
    tap === 'on_my_way'
      ? `${Who} is on the way to ${ride.pickupAddress} in the ${ride.carName}.`
      : `${Who} has arrived at ${ride.pickupAddress} in the ${ride.carName}.`;
  const which = `Your ride: ${rideTime(ride.slotStart)}, booking reference ${bookingReference(ride.id)}.`;
  const page = chauffeur.tripUrl;
  const call = `Questions? Call ${settings.business.phone}.`;
  return {
    to: ride.customerEmail,
    subject: tap === 'on_my_way' ? 'Your chauffeur is on the way' : 'Your chauffeur has arrived',
    text: textLayout(settings.business, [
      greeting(ride),
      '',
      news,
      which,
      '',
      `Follow it live: ${page}`,
      call,
    ]),
    html: htmlLayout(
      settings.business,
      `${paragraph(greeting(ride))}
${paragraph(news)}
${paragraph(which)}
${button(page, 'Follow your ride live')}
${paragraph(call)}`,
    ),
  };
}
