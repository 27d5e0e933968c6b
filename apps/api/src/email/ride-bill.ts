import { bookingReference, formatCents, type BillLine } from '@app/shared';
import { htmlLayout, textLayout } from './layout.ts';
import {
  button,
  greeting,
  paragraph,
  rideTime,
  rowsHtml,
  rowsText,
  type RideEmailSettings,
  type RideFacts,
} from './ride-facts.ts';
import type { Mail } from './transport.ts';

/** A bill as its emails show it, read from its row when the message is sent. */
export interface BillFacts {
  lines: readonly BillLine[];
  totalCents: number;
  depositCents: number;
  balanceCents: number;
  tipCents: number | null;
  /** What was charged, or is due through the link: the balance and the tip. */
  amountCents: number;
  card: { brand: string; last4: string } | null;
  /** The customer's bill page, or the payment link when the bank refused the card. */
  url: string;
}

const dollars = (cents: number) => `${cents < 0 ? '−' : ''}$${formatCents(Math.abs(cents))}`;

/** Every line, the total, the deposit and what is left (the tip and the charge once known). */
function billRows(bill: BillFacts): [string, string][] {
  const rows: [string, string][] = bill.lines.map((line) => [
    line.label,
    dollars(line.amountCents),
  ]);
  rows.push(['The ride came to', dollars(bill.totalCents)]);
  rows.push(['Deposit paid at booking', dollars(-bill.depositCents)]);
  rows.push(['Left to pay', dollars(bill.balanceCents)]);
  if (bill.tipCents !== null) rows.push(['Tip', dollars(bill.tipCents)]);
  return rows;
}

const which = (ride: RideFacts) =>
  `Your ride: ${ride.carName}, ${rideTime(ride.slotStart)}, booking reference ${bookingReference(ride.id)}.`;

function mail(
  ride: RideFacts,
  settings: RideEmailSettings,
  subject: string,
  said: string[],
  rows: [string, string][],
  action: { href: string; label: string },
): Mail {
  return {
    to: ride.customerEmail,
    subject,
    text: textLayout(settings.business, [
      greeting(ride),
      '',
      ...said,
      which(ride),
      '',
      ...rowsText(rows),
      '',
      `${action.label}: ${action.href}`,
    ]),
    html: htmlLayout(
      settings.business,
      `${paragraph(greeting(ride))}
${said.map(paragraph).join('\n')}
${paragraph(which(ride))}
${rowsHtml(rows)}
${button(action.href, action.label)}`,
    ),
  };
}

/** The bill, sent after the ride: every line, what is left, and the page to tip and pay. */
export function billSentEmail(ride: RideFacts, bill: BillFacts, settings: RideEmailSettings): Mail {
  const said =
    bill.balanceCents > 0
      ? `Here is your bill. $${formatCents(bill.balanceCents)} is left after your deposit; it will be charged to the card you booked with. You can add a tip first.`
      : 'Here is your bill. Your deposit covered it; you can still add a tip.';
  return mail(ride, settings, `Your bill from ${settings.business.name}`, [said], billRows(bill), {
    href: bill.url,
    label: 'See your bill and add a tip',
  });
}

/** The bank refused the saved card: the same amount, through a payment link. */
export function billPaymentDueEmail(
  ride: RideFacts,
  bill: BillFacts,
  settings: RideEmailSettings,
): Mail {
  const said = `Your bank did not let us charge your card $${formatCents(bill.amountCents)} for the ride's balance and tip. Nothing was charged. Please pay it through this secure link.`;
  return mail(ride, settings, `Please pay your ride's balance`, [said], billRows(bill), {
    href: bill.url,
    label: `Pay $${formatCents(bill.amountCents)}`,
  });
}

/** Paid (or nothing left): the receipt's summary and its page. */
export function billPaidEmail(ride: RideFacts, bill: BillFacts, settings: RideEmailSettings): Mail {
  const card = bill.card ? ` to your ${bill.card.brand} card ending ${bill.card.last4}` : '';
  const said =
    bill.amountCents > 0
      ? `Thank you: $${formatCents(bill.amountCents)} was charged${card}. Your receipt is below.`
      : 'Thank you: nothing more is due. Your receipt is below.';
  return mail(
    ride,
    settings,
    `Your receipt from ${settings.business.name}`,
    [said],
    [...billRows(bill), ['Charged after the ride', dollars(bill.amountCents)]],
    { href: bill.url, label: 'See your receipt' },
  );
}
