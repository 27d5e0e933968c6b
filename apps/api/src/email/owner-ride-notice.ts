import { formatCents } from '@app/shared';
import { htmlLayout, textLayout } from './layout.ts';
import {
  paragraph,
  rideRows,
  rideTime,
  rowsHtml,
  rowsText,
  type RideEmailSettings,
  type RideFacts,
} from './ride-facts.ts';
import type { Mail } from './transport.ts';

export type OwnerNotice =
  | { kind: 'paid' }
  | { kind: 'cancelled'; by: 'customer' | 'owner'; refundCents: number }
  | { kind: 'rescheduled'; previousSlotStart: Date | null }
  | { kind: 'bill_payment_due'; amountCents: number };

/** To the business's address: each paid booking, cancellation and reschedule, with the customer. */
export function ownerRideNoticeEmail(
  ride: RideFacts,
  notice: OwnerNotice,
  to: string,
  settings: RideEmailSettings,
): Mail {
  const when = rideTime(ride.slotStart);
  const [subject, headline] =
    notice.kind === 'paid'
      ? [
          `New booking: ${ride.carName}, ${when}`,
          `A ride was booked and its deposit of $${formatCents(ride.depositCents)} paid.`,
        ]
      : notice.kind === 'cancelled'
        ? [
            `Cancelled: ${ride.carName}, ${when}`,
            `The ride was cancelled by ${notice.by === 'owner' ? 'the business' : 'the customer'}; refund: ${notice.refundCents > 0 ? `$${formatCents(notice.refundCents)}` : 'none'}.`,
          ]
        : notice.kind === 'bill_payment_due'
          ? [
              `Balance not charged: ${ride.carName}, ${when}`,
              `The bank did not let the saved card pay the ride's balance and tip of $${formatCents(notice.amountCents)}: the customer was sent a payment link. The console's ride shows when it is paid.`,
            ]
          : [
              `Moved: ${ride.carName}, now ${when}`,
              notice.previousSlotStart
                ? `The ride moved from ${rideTime(notice.previousSlotStart)} to ${when}.`
                : `The ride moved to ${when}.`,
            ];
  const rows: [string, string][] = [
    ['Customer', ride.customerName],
    ['Email', ride.customerEmail],
    ['Phone', ride.phone],
    ...rideRows(ride, { deposit: notice.kind === 'paid' }),
  ];
  const admin = `${settings.publicBaseUrl}/admin`;
  return {
    to,
    subject,
    text: textLayout(settings.business, [headline, '', ...rowsText(rows), '', `Console: ${admin}`]),
    html: htmlLayout(settings.business, `${paragraph(headline)}\n${rowsHtml(rows)}`),
  };
}
