import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { appointments, billCharges, bills, refunds, services, users, type Database } from '@app/db';
import {
  bookingReference,
  PAID_CHARGE_STATUSES,
  REFUND_REASON_WORDS,
  UNKEPT_PAYMENT_REASONS,
  wallClockAt,
  type PaymentsExportQuery,
  type RefundReason,
} from '@app/shared';
import { csvDocument } from '../../lib/csv.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { startOfNewYorkDay } from '../rides/find-rides.ts';
import { dayKeys } from './periods.ts';

/** One movement of money at the payment provider, as the accountant's spreadsheet lists it. */
interface Payment {
  at: Date;
  type: 'Deposit' | 'Balance' | 'Refund';
  references: string[];
  customer: string;
  car: string;
  /** The ride's day (New York): `2026-11-28`. */
  rideDate: string;
  inCents: number;
  outCents: number;
  tipCents: number;
  paidBy: string;
  card: string;
  status: string;
  note: string;
  providerPayment: string;
  providerRefund: string;
}

const COLUMNS = [
  'Date (New York)',
  'Time (New York)',
  'Type',
  'Booking reference',
  'Customer',
  'Car',
  'Ride date (New York)',
  'In (USD)',
  'Out (USD)',
  'Of which tip (USD)',
  'Paid by',
  'Card',
  'Status',
  'Note',
  'Provider payment',
  'Provider refund',
] as const;

/** `1234` as `12.34`: a plain number a spreadsheet sums (no currency sign, no separators). */
const amount = (cents: number) => (cents ? (cents / 100).toFixed(2) : '');

function cells(p: Payment): string[] {
  const { date } = dayKeys(wallClockAt(p.at));
  const { hour, minute } = wallClockAt(p.at);
  return [
    date,
    `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    p.type,
    p.references.join(' + '),
    p.customer,
    p.car,
    p.rideDate,
    amount(p.inCents),
    amount(p.outCents),
    amount(p.tipCents),
    p.paidBy,
    p.card,
    p.status,
    p.note,
    p.providerPayment,
    p.providerRefund,
  ];
}

/** The ride a payment is for: who booked it, the car and its day (`withRide` joins them). */
const rideColumns = {
  appointmentId: appointments.id,
  customer: users.name,
  car: services.name,
  slotStart: appointments.slotStart,
};

function withRide<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(users, eq(users.id, appointments.userId))
    .innerJoin(services, eq(services.id, appointments.serviceId));
}

/** A payment's ride columns from the row `rideColumns` selected. */
const rideOf = (row: {
  appointmentId: string;
  customer: string;
  car: string;
  slotStart: Date;
}) => ({
  references: [bookingReference(row.appointmentId)],
  customer: row.customer,
  car: row.car,
  rideDate: dayKeys(wallClockAt(row.slotStart)).date,
});

/**
 * Every payment and refund between two New York days (both included), oldest first, as CSV:
 * deposits (a round trip's legs paid together on one line), balances and tips charged after the
 * ride, payments given back because no booking could keep them, and refunds asked of the
 * provider (failed ones left out: no money moved). The audit trail says who took it.
 */
export async function exportPayments(
  db: Database,
  query: PaymentsExportQuery,
  options: { actor: AuditActor; now: Date },
): Promise<string> {
  const from = startOfNewYorkDay(query.from);
  const until = startOfNewYorkDay(query.to, 1);
  const [deposits, charges, refunded] = await Promise.all([
    withRide(
      db
        .select({
          ...rideColumns,
          at: appointments.paidAt,
          cents: appointments.amountCents,
          paymentIntentId: appointments.paymentIntentId,
        })
        .from(appointments)
        .$dynamic(),
    )
      .where(and(gte(appointments.paidAt, from), lt(appointments.paidAt, until)))
      .orderBy(asc(appointments.paidAt), asc(appointments.slotStart)),
    withRide(
      db
        .select({
          ...rideColumns,
          at: bills.paidAt,
          cents: billCharges.amountCents,
          tipCents: billCharges.tipCents,
          status: billCharges.status,
          cardBrand: billCharges.cardBrand,
          cardLast4: billCharges.cardLast4,
          paymentIntentId: billCharges.paymentIntentId,
        })
        .from(billCharges)
        .innerJoin(bills, eq(bills.appointmentId, billCharges.appointmentId))
        .innerJoin(appointments, eq(appointments.id, billCharges.appointmentId))
        .$dynamic(),
    ).where(
      and(
        inArray(billCharges.status, [...PAID_CHARGE_STATUSES]),
        gte(bills.paidAt, from),
        lt(bills.paidAt, until),
      ),
    ),
    withRide(
      db
        .select({
          ...rideColumns,
          at: refunds.createdAt,
          cents: refunds.amountCents,
          reason: refunds.reason,
          status: refunds.status,
          paymentIntentId: refunds.paymentIntentId,
          providerRefundId: refunds.providerRefundId,
        })
        .from(refunds)
        .innerJoin(appointments, eq(appointments.id, refunds.appointmentId))
        .$dynamic(),
    ).where(
      and(ne(refunds.status, 'failed'), gte(refunds.createdAt, from), lt(refunds.createdAt, until)),
    ),
  ]);

  const blank = { inCents: 0, outCents: 0, tipCents: 0, card: '', note: '', providerRefund: '' };
  const payments: Payment[] = [];
  // A round trip's legs are one payment: one line, its references joined.
  const byPayment = new Map<string, Payment>();
  for (const d of deposits) {
    const same = d.paymentIntentId ? byPayment.get(d.paymentIntentId) : undefined;
    if (same) {
      same.references.push(bookingReference(d.appointmentId));
      same.inCents += d.cents;
      continue;
    }
    const payment: Payment = {
      ...blank,
      at: d.at as Date,
      type: 'Deposit',
      ...rideOf(d),
      inCents: d.cents,
      paidBy: 'Card at booking',
      status: 'Paid',
      providerPayment: d.paymentIntentId ?? '',
    };
    payments.push(payment);
    if (d.paymentIntentId) byPayment.set(d.paymentIntentId, payment);
  }
  for (const c of charges) {
    payments.push({
      ...blank,
      at: c.at as Date,
      type: 'Balance',
      ...rideOf(c),
      inCents: c.cents,
      tipCents: c.tipCents,
      paidBy: c.status === 'paid_by_link' ? 'Payment link' : 'Saved card',
      card:
        c.status === 'succeeded' && c.cardLast4 ? `${c.cardBrand ?? 'Card'} ${c.cardLast4}` : '',
      status: 'Paid',
      providerPayment: c.paymentIntentId ?? '',
    });
  }
  const unkept: readonly RefundReason[] = UNKEPT_PAYMENT_REASONS;
  for (const r of refunded) {
    const ride = { ...rideOf(r), providerPayment: r.paymentIntentId };
    // A payment no booking kept came in as well as going back: the accountant sees both.
    if (unkept.includes(r.reason))
      payments.push({
        ...blank,
        ...ride,
        at: r.at,
        type: 'Deposit',
        inCents: r.cents,
        paidBy: 'Card at booking',
        status: 'Paid',
        note: `Given back: ${REFUND_REASON_WORDS[r.reason].toLowerCase()}`,
      });
    payments.push({
      ...blank,
      ...ride,
      at: r.at,
      type: 'Refund',
      outCents: r.cents,
      paidBy: '',
      status: r.status === 'succeeded' ? 'Refunded' : 'Pending',
      note: REFUND_REASON_WORDS[r.reason],
      providerRefund: r.providerRefundId ?? '',
    });
  }
  // Oldest first; at one instant, what came in before what went out (the sort is stable).
  payments.sort((a, b) => a.at.getTime() - b.at.getTime());

  await recordAudit(db, {
    actor: options.actor,
    action: 'payments.exported',
    at: options.now,
    after: { from: query.from, to: query.to, rows: payments.length },
  });
  return csvDocument(COLUMNS, payments.map(cells));
}
