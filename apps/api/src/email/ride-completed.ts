import { htmlLayout, textLayout } from './layout.ts';
import {
  button,
  greeting,
  paragraph,
  type RideEmailSettings,
  type RideFacts,
} from './ride-facts.ts';
import type { Mail } from './transport.ts';

/** To the customer after the ride: thanks, and the feedback page. */
export function rideCompletedEmail(ride: RideFacts, settings: RideEmailSettings): Mail {
  const feedback = `${settings.publicBaseUrl}/feedback`;
  const thanks = `Thank you for riding with ${settings.business.name}. We hope the trip went well.`;
  const ask = 'Would you tell us how it went? It takes a minute and helps us do better.';
  return {
    to: ride.customerEmail,
    subject: `Thank you for riding with ${settings.business.name}`,
    text: textLayout(settings.business, [
      greeting(ride),
      '',
      thanks,
      ask,
      '',
      `Leave feedback: ${feedback}`,
    ]),
    html: htmlLayout(
      settings.business,
      `${paragraph(greeting(ride))}
${paragraph(thanks)}
${paragraph(ask)}
${button(feedback, 'Leave feedback')}`,
    ),
  };
}
