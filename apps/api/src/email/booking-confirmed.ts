import { googleCalendarLink, ridePageUrl, type CalendarRide } from '../calendar/ride-calendar.ts';
import { escapeHtml, htmlLayout, textLayout } from './layout.ts';
import {
  BOOKING_POLICY,
  button,
  greeting,
  link,
  paragraph,
  rideRows,
  rowsHtml,
  rowsText,
  rideTime,
  type RideEmailSettings,
  type RideFacts,
} from './ride-facts.ts';
import type { Mail, MailAttachment } from './transport.ts';

/**
 * To the customer once the deposit is paid: the ride, the deposit, the policy, the ride's page,
 * an "Add to Google Calendar" link and the invite (`invite`, the ride's .ics) attached.
 */
export function bookingConfirmedEmail(
  ride: RideFacts,
  calendarRide: CalendarRide,
  invite: MailAttachment,
  settings: RideEmailSettings,
): Mail {
  const page = ridePageUrl(ride.id, settings.publicBaseUrl);
  const google = googleCalendarLink(calendarRide, settings);
  const rows = rideRows(ride, { deposit: true });
  const intro = `Your ride is booked and your deposit is paid. We will pick you up on ${rideTime(ride.slotStart)}.`;
  const text = textLayout(settings.business, [
    greeting(ride),
    '',
    intro,
    '',
    ...rowsText(rows),
    '',
    'Booking policy:',
    ...BOOKING_POLICY.map((rule) => `- ${rule}`),
    '',
    `See, move or cancel your ride: ${page}`,
    `Add to Google Calendar: ${google}`,
    'The attached ride.ics file adds the ride to any other calendar.',
  ]);
  const html = htmlLayout(
    settings.business,
    `${paragraph(greeting(ride))}
${paragraph(intro)}
${rowsHtml(rows)}
<p style="margin:0 0 8px;font-size:15px;font-weight:bold">Booking policy</p>
<ul style="margin:0 0 24px;padding-left:20px;font-size:14px;line-height:1.5;color:#475569">${BOOKING_POLICY.map((rule) => `<li>${escapeHtml(rule)}</li>`).join('')}</ul>
${button(page, 'View your ride')}
${link(google, 'Add to Google Calendar')}
<p style="margin:0;font-size:14px;color:#475569">The attached ride.ics file adds the ride to any other calendar.</p>`,
  );
  return {
    to: ride.customerEmail,
    subject: `Your ride is booked: ${rideTime(ride.slotStart)}`,
    text,
    html,
    attachments: [invite],
  };
}
