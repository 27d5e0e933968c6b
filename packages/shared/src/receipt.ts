import { z } from 'zod';
import { formatAddress } from './business.ts';
import { formatNewYorkTime } from './new-york-time.ts';
import { CURRENCY_SYMBOL, formatCents } from './pricing.ts';
import { formatSlotDateLong } from './slots.ts';

/*
 * A ride's receipt (docs/product.md, Receipts): what the customer paid for one booking, as the
 * receipt page shows it and the PDF attached to the bill's email prints it. Built once from the
 * ride's bill and payments by whoever issues it; the page and the PDF only lay it out, so the
 * two always say the same thing. Amounts are whole cents, as the payments are recorded.
 */

const cents = z.number().int();

/** The business as the receipt names it: `Business` less what only the site shows. */
export const ReceiptBusinessSchema = z.object({
  name: z.string(),
  street: z.string(),
  locality: z.string(),
  region: z.string(),
  postalCode: z.string(),
  phone: z.string(),
  email: z.string(),
  licence: z.string(),
});
export type ReceiptBusiness = z.infer<typeof ReceiptBusinessSchema>;

export const ReceiptCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** What the customer added for an employer; null when they added nothing. */
  company: z.string().nullable(),
  /** Free text, one or more lines, as the customer typed it; null when none. */
  billingAddress: z.string().nullable(),
});
export type ReceiptCustomer = z.infer<typeof ReceiptCustomerSchema>;

/** One leg of the booking: the ride, or its return. */
export const ReceiptLegSchema = z.object({
  /** `Ride` or `Return ride`. */
  label: z.string(),
  /** The appointment's `d_m_yyyy` day (`27_11_2026`), New York's calendar. */
  date: z.string(),
  /** The appointment's slot label (`9:30 AM`). */
  time: z.string(),
  /** The car as the site names it (`Tesla Model S`). */
  car: z.string(),
  pickup: z.string(),
  dropoff: z.string(),
});
export type ReceiptLeg = z.infer<typeof ReceiptLegSchema>;

/**
 * One line of the bill: the ride's price for its booked length, extra time, waiting, tolls,
 * parking, the owner's adjustments (negative for a reduction).
 */
export const ReceiptLineSchema = z.object({ label: z.string(), amountCents: cents });
export type ReceiptLine = z.infer<typeof ReceiptLineSchema>;

/** Money given back: a positive amount, shown as a deduction. */
export const ReceiptRefundSchema = z.object({
  label: z.string(),
  amountCents: cents.nonnegative(),
  /** ISO instant the refund was made. */
  at: z.iso.datetime({ offset: true }),
});
export type ReceiptRefund = z.infer<typeof ReceiptRefundSchema>;

export const ReceiptCardSchema = z.object({
  /** The provider's brand code (`visa`, `mastercard`, `amex`...). */
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
});
export type ReceiptCard = z.infer<typeof ReceiptCardSchema>;

export const ReceiptSchema = z.object({
  business: ReceiptBusinessSchema,
  /** The booking reference (`bookingReference`), `3F9A-1C2B`. */
  reference: z.string(),
  /** ISO instant the receipt was issued; the PDF's creation date too. */
  issuedAt: z.iso.datetime({ offset: true }),
  customer: ReceiptCustomerSchema,
  legs: z.array(ReceiptLegSchema),
  lines: z.array(ReceiptLineSchema),
  /** The lines summed. */
  subtotalCents: cents,
  /** Paid online to book. */
  depositCents: cents,
  /** The subtotal less the deposit, charged after the ride. */
  balanceCents: cents,
  tipCents: cents,
  refunds: z.array(ReceiptRefundSchema),
  /** Everything paid less everything refunded (`netPaidCents`). */
  paidCents: cents,
  /** The card charged last; null when nothing was charged to a card the site knows. */
  card: ReceiptCardSchema.nullable(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

/** What the customer paid in the end: deposit, balance and tip, less the refunds. */
export function netPaidCents(
  receipt: Pick<Receipt, 'depositCents' | 'balanceCents' | 'tipCents' | 'refunds'>,
): number {
  const refunded = receipt.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  return receipt.depositCents + receipt.balanceCents + receipt.tipCents - refunded;
}

/** `$85.00`, `-$12.50`: an amount as the site shows cents, the sign before the symbol. */
export function formatReceiptAmount(amountCents: number): string {
  const sign = amountCents < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOL}${formatCents(Math.abs(amountCents))}`;
}

/** `November 22, 2026, 10:07 AM`, New York's clock; the text as given when it is no instant. */
export function formatReceiptInstant(iso: string): string {
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : formatNewYorkTime(instant);
}

/** `November 27, 2026, 9:30 AM`: when a leg was booked for. */
export function formatReceiptLegWhen(leg: Pick<ReceiptLeg, 'date' | 'time'>): string {
  return `${formatSlotDateLong(leg.date)}, ${leg.time}`;
}

/** `40 Main Street, Norfolk, MA 02056`. */
export function formatReceiptBusinessAddress(business: ReceiptBusiness): string {
  return formatAddress({ ...business, hours: '', social: [] });
}

const CARD_BRANDS: Readonly<Record<string, string>> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** `Visa ending in 4242`: the card as a receipt names it (an unknown brand as given). */
export function formatReceiptCard(card: ReceiptCard): string {
  const brand = CARD_BRANDS[card.brand.toLowerCase()] ?? card.brand;
  return `${brand} ending in ${card.last4}`;
}

/**
 * The "Billed to" lines, company first then each line of the address; empty when the customer
 * gave neither, and then the receipt has no such section.
 */
export function receiptBilledTo(customer: ReceiptCustomer): string[] {
  const address = (customer.billingAddress ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const company = customer.company?.trim();
  return company ? [company, ...address] : address;
}

/** `receipt-3F9A-1C2B.pdf`: the attachment's name. */
export function receiptFileName(receipt: Pick<Receipt, 'reference'>): string {
  return `receipt-${receipt.reference.replace(/[^0-9A-Za-z-]/g, '')}.pdf`;
}
