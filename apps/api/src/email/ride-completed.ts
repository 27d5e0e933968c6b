import { bookingReference } from '@app/shared';
import { ridePageUrl } from '../calendar/ride-calendar.ts';
import { htmlLayout, textLayout } from './layout.ts';
import {
  button,
  greeting,
  link,
  paragraph,
  rideTime,
  type RideEmailSettings,
  type RideFacts,
} from './ride-facts.ts';
import type { Mail } from './transport.ts';

/** To the customer after the ride: thanks, which ride, and the feedback page. */
export function rideCompletedEmail(ride: RideFacts, settings: RideEmailSettings): Mail {
  const feedback = `${settings.publicBaseUrl}/feedback`;
  const thanks = `Thank you for riding with ${settings.business.name}. We hope the trip went well.`;
  // Which ride, as every message names it: car, time, reference, and its page.
  const which = `Your ride: ${ride.carName}, ${rideTime(ride.slotStart)}, booking reference ${bookingReference(ride.id)}.`;
  const page = ridePageUrl(ride.id, settings.publicBaseUrl);
  const ask = 'Would you tell us how it went? It takes a minute and helps us do better.';
  return {
    to: ride.customerEmail,
    subject: `Thank you for riding with ${settings.business.name}`,
    text: textLayout(settings.business, [
      greeting(ride),
      '',
      thanks,
      which,
      ask,
      '',
      `Leave feedback: ${feedback}`,
      `Your ride: ${page}`,
    ]),
    html: htmlLayout(
      settings.business,
      `${paragraph(greeting(ride))}
${paragraph(thanks)}
${paragraph(which)}
${paragraph(ask)}
${button(feedback, 'Leave feedback')}
${link(page, 'See your ride')}`,
    ),
  };
}
