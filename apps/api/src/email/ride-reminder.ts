import { ridePageUrl } from '../calendar/ride-calendar.ts';
import { htmlLayout, textLayout } from './layout.ts';
import {
  button,
  greeting,
  paragraph,
  rideRows,
  rideTime,
  rowsHtml,
  rowsText,
  type RideEmailSettings,
  type RideFacts,
} from './ride-facts.ts';
import type { Mail } from './transport.ts';

/** To the customer a day, then two hours, before pickup. */
export function rideReminderEmail(
  ride: RideFacts,
  lead: 'day' | 'hours',
  settings: RideEmailSettings,
): Mail {
  const page = ridePageUrl(ride.id, settings.publicBaseUrl);
  const when = lead === 'day' ? 'tomorrow' : 'soon';
  const intro = `A reminder: your ride is ${when}, on ${rideTime(ride.slotStart)}. Please be ready at the pickup address a few minutes early.`;
  const rows = rideRows(ride);
  const text = textLayout(settings.business, [
    greeting(ride),
    '',
    intro,
    '',
    ...rowsText(rows),
    '',
    `Your ride: ${page}`,
    `Questions? Call ${settings.business.phone}.`,
  ]);
  const html = htmlLayout(
    settings.business,
    `${paragraph(greeting(ride))}
${paragraph(intro)}
${rowsHtml(rows)}
${button(page, 'View your ride')}
${paragraph(`Questions? Call ${settings.business.phone}.`)}`,
  );
  return {
    to: ride.customerEmail,
    subject: `Reminder: your ride ${when === 'tomorrow' ? 'tomorrow' : 'today'}, ${rideTime(ride.slotStart)}`,
    text,
    html,
  };
}
