import { ridePageUrl } from '../calendar/ride-calendar.ts';
import { formatCents } from '@app/shared';
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
import type { Mail, MailAttachment } from './transport.ts';

function changeEmail(
  ride: RideFacts,
  settings: RideEmailSettings,
  parts: { subject: string; lines: string[]; invite: MailAttachment; page: boolean },
): Mail {
  const rows = rideRows(ride);
  const page = ridePageUrl(ride.id, settings.publicBaseUrl);
  const text = textLayout(settings.business, [
    greeting(ride),
    '',
    ...parts.lines,
    '',
    ...rowsText(rows),
    '',
    ...(parts.page ? [`Your ride: ${page}`] : []),
    `Questions? Call ${settings.business.phone}.`,
  ]);
  const html = htmlLayout(
    settings.business,
    `${paragraph(greeting(ride))}
${parts.lines.map(paragraph).join('\n')}
${rowsHtml(rows)}
${parts.page ? button(page, 'View your ride') : ''}
${paragraph(`Questions? Call ${settings.business.phone}.`)}`,
  );
  return {
    to: ride.customerEmail,
    subject: parts.subject,
    text,
    html,
    attachments: [parts.invite],
  };
}

/** To the customer when the ride moved: the old and the new time, and the updated invite. */
export function rideRescheduledEmail(
  ride: RideFacts,
  previousSlotStart: Date | null,
  invite: MailAttachment,
  settings: RideEmailSettings,
): Mail {
  const lines = [
    previousSlotStart
      ? `Your ride has moved from ${rideTime(previousSlotStart)} to ${rideTime(ride.slotStart)}.`
      : `Your ride has moved to ${rideTime(ride.slotStart)}.`,
    'The attached ride.ics file updates the entry in your calendar.',
  ];
  return changeEmail(ride, settings, {
    subject: `Your ride has moved: ${rideTime(ride.slotStart)}`,
    lines,
    invite,
    page: true,
  });
}

/** To the customer when the ride is cancelled: by whom, why, what comes back; the cancel invite. */
export function rideCancelledEmail(
  ride: RideFacts,
  details: { by: 'customer' | 'owner'; reason: string; refundCents: number },
  invite: MailAttachment,
  settings: RideEmailSettings,
): Mail {
  const lines = [
    details.by === 'owner'
      ? `We are sorry: we had to cancel your ride on ${rideTime(ride.slotStart)}.`
      : `Your ride on ${rideTime(ride.slotStart)} is cancelled, as you asked.`,
  ];
  if (details.by === 'owner' && details.reason.trim())
    lines.push(`Reason: ${details.reason.trim()}`);
  lines.push(
    details.refundCents > 0
      ? `We are refunding $${formatCents(details.refundCents)} to your card; it may take 5 to 10 days to appear.`
      : 'The booking fee is non-refundable, so nothing is refunded.',
    'The attached ride.ics file removes the entry from your calendar.',
  );
  return changeEmail(ride, settings, {
    subject: `Your ride is cancelled: ${rideTime(ride.slotStart)}`,
    lines,
    invite,
    page: false,
  });
}
