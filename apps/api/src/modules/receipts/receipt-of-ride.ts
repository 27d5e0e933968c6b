import { and, eq, inArray } from 'drizzle-orm';
import { appointments, billCharges, bills, refunds, services, users, type Database } from '@app/db';
import {
  billBalance,
  bookingReference,
  netPaidCents,
  type Business,
  type Receipt,
  type RefundReason,
} from '@app/shared';
import { AppError } from '../../errors.ts';

export const NO_RECEIPT_MESSAGE = 'This ride has no receipt yet: it is made once the bill is paid.';

const REFUND_LABELS: Record<RefundReason, string> = {
  late_payment: 'Refund: paid after the hold ended',
  duplicate_payment: 'Refund: paid twice',
  cancelled_by_owner: 'Refund: cancelled by us',
  cancelled_by_customer: 'Refund: cancelled by you',
};

/**
 * A paid (or settled) bill's receipt, from the rows as they are: the business, the ride, each
 * line, the deposit, balance and tip, the refunds given, and the card charged. The customer's
 * own (anyone else's, or one not paid yet, is 404), or any for an owner.
 */
export async function receiptOfRide(
  db: Database,
  appointmentId: string,
  viewer: { customerId: string } | 'owner',
  business: Business,
): Promise<Receipt> {
  const customer = viewer === 'owner' ? undefined : eq(appointments.userId, viewer.customerId);
  const [row] = await db
    .select({
      bill: bills,
      charge: billCharges,
      ride: appointments,
      car: services.name,
      name: users.name,
      email: users.email,
    })
    .from(bills)
    .innerJoin(appointments, eq(appointments.id, bills.appointmentId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .leftJoin(billCharges, eq(billCharges.appointmentId, bills.appointmentId))
    .where(and(eq(bills.appointmentId, appointmentId), customer));
  const paidAt = row?.bill.paidAt;
  if (!row || !paidAt || !['paid', 'settled'].includes(row.bill.status))
    throw AppError.notFound(NO_RECEIPT_MESSAGE);
  const { bill, charge, ride } = row;
  const given = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.appointmentId, appointmentId), inArray(refunds.status, ['succeeded'])));
  const amounts = {
    depositCents: bill.depositCents,
    // A settled bill charged nothing after the ride (the deposit covered it, or too little was left).
    balanceCents: bill.status === 'settled' ? 0 : billBalance(bill.lines, bill.depositCents),
    tipCents: bill.tipCents ?? 0,
    refunds: given.map((refund) => ({
      label: REFUND_LABELS[refund.reason],
      amountCents: refund.amountCents,
      at: refund.updatedAt.toISOString(),
    })),
  };
  return {
    business: {
      name: business.name,
      street: business.street,
      locality: business.locality,
      region: business.region,
      postalCode: business.postalCode,
      phone: business.phone,
      email: business.email,
      licence: business.licence,
    },
    reference: bookingReference(appointmentId),
    issuedAt: paidAt.toISOString(),
    customer: {
      name: row.name,
      email: row.email,
      company: bill.billingCompany || null,
      billingAddress: bill.billingAddress || null,
    },
    legs: [
      {
        label: ride.returnOf ? 'Return ride' : 'Ride',
        date: ride.slotDate,
        time: ride.slotTime,
        car: row.car,
        pickup: ride.pickupAddress,
        dropoff: ride.dropoffAddress,
      },
    ],
    lines: bill.lines.map(({ label, amountCents }) => ({ label, amountCents })),
    subtotalCents: bill.totalCents,
    ...amounts,
    paidCents: netPaidCents(amounts),
    card:
      charge?.cardBrand && charge.cardLast4
        ? { brand: charge.cardBrand, last4: charge.cardLast4 }
        : null,
  };
}
