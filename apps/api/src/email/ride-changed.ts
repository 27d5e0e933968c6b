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
  move: {
    previousSlotStart: Date | null;
    /** An owner's move: why. */
    reason?: string | undefined;
    /** An owner's move to another car: the car it was on. */
    previousCarName?: string | undefined;
  },
  invite: MailAttachment,
  settings: RideEmailSettings,
): Mail {
  const { previousSlotStart, reason, previousCarName } = move;
  const to = rideTime(ride.slotStart);
  const lines = [
    previousSlotStart
      ? `${reason ? 'We have moved your ride' : 'Your ride has moved'} from ${rideTime(previousSlotStart)} to ${to}.`
      : `Your ride has moved to ${to}.`,
    ...(previousCarName
      ? [`Your car is now the ${ride.carName} (it was the ${previousCarName}).`]
      : []),
    ...(reason ? [`Why: ${reason}`] : []),
    'The attached ride.ics file updates the entry in your calendar.',
  ];
  return changeEmail(ride, settings, {
    subject: `Your ride has moved: ${to}`,
    lines,
    invite,
    page: true,
  });
}

/** To the customer when an owner corrected the ride's details: which, why, and the invite. */
export function rideDetailsChangedEmail(
  ride: RideFacts,
  change: { fields: readonly string[]; reason: string },
  invite: MailAttachment,
  settings: RideEmailSettings,
): Mail {
  return changeEmail(ride, settings, {
    subject: `Your ride's details are updated: ${rideTime(ride.slotStart)}`,
    lines: [
      `We have updated your ride's ${change.fields.join(', ')}, as below.`,
      `Why: ${change.reason}`,
      'The attached ride.ics file updates the entry in your calendar.',
    ],
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
