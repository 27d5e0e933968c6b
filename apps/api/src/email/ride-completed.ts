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

/** Where the ride's page opens its rating form. */
export const RATE_RIDE_FRAGMENT = '#rate';

/**
 * To the customer after the ride: thanks, which ride, and the feedback page; with `invite`, a
 * link to rate the ride on its page (left out once the booking has its review). It is the
 * one time the email asks: nothing reminds the customer afterwards.
 */
export function rideCompletedEmail(
  ride: RideFacts,
  settings: RideEmailSettings,
  invite = true,
): Mail {
  const feedback = `${settings.publicBaseUrl}/feedback`;
  const thanks = `Thank you for riding with ${settings.business.name}. We hope the trip went well.`;
  // Which ride, as every message names it: car, time, reference, and its page.
  const which = `Your ride: ${ride.carName}, ${rideTime(ride.slotStart)}, booking reference ${bookingReference(ride.id)}.`;
  const page = ridePageUrl(ride.id, settings.publicBaseUrl);
  const ask = 'Would you tell us how it went? It takes a minute and helps us do better.';
  const rate = invite ? `${page}${RATE_RIDE_FRAGMENT}` : null;
  const rateAsk =
    'Rate your ride: a few stars and words on our site, for the next customers to read.';
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
      ...(rate ? [`${rateAsk}`, `Rate your ride: ${rate}`] : []),
      `Leave feedback: ${feedback}`,
      `Your ride: ${page}`,
    ]),
    html: htmlLayout(
      settings.business,
      `${paragraph(greeting(ride))}
${paragraph(thanks)}
${paragraph(which)}
${paragraph(ask)}
${rate ? `${paragraph(rateAsk)}\n${button(rate, 'Rate your ride')}\n${link(feedback, 'Leave private feedback')}` : button(feedback, 'Leave feedback')}
${link(page, 'See your ride')}`,
    ),
  };
}
