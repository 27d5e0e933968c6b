import { and, eq } from 'drizzle-orm';
import { appointments, billCharges, bills, type Database } from '@app/db';
import { billBalance, tipFor, type BillView } from '@app/shared';
import { AppError } from '../../errors.ts';
import { BILL_NOT_FOUND_MESSAGE } from './adjust-bill.ts';
import { readBillRules } from './bill-rules.ts';

/**
 * A ride's bill as its pages show it: the customer's own (anyone else's is 404, and so is a
 * draft: the customer sees a bill once it is sent) or, for the owner, any.
 */
export async function billView(
  db: Database,
  appointmentId: string,
  viewer: { customerId: string } | 'owner',
): Promise<BillView> {
  const customer = viewer === 'owner' ? null : viewer.customerId;
  const [row] = await db
    .select({ bill: bills, charge: billCharges })
    .from(bills)
    .innerJoin(appointments, eq(appointments.id, bills.appointmentId))
    .leftJoin(billCharges, eq(billCharges.appointmentId, bills.appointmentId))
    .where(
      and(
        eq(bills.appointmentId, appointmentId),
        customer === null ? undefined : eq(appointments.userId, customer),
      ),
    );
  if (!row || (customer !== null && row.bill.status === 'draft'))
    throw AppError.notFound(BILL_NOT_FOUND_MESSAGE);
  const { bill, charge } = row;
  const { defaultTipPercent } = await readBillRules(db);
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    appointmentId,
    status: bill.status,
    lines: bill.lines,
    totalCents: bill.totalCents,
    depositCents: bill.depositCents,
    balanceCents: billBalance(bill.lines, bill.depositCents),
    tipCents: bill.tipCents,
    tipChoice: bill.tipChoice,
    tips: { 15: tipFor(bill.lines, 15), 20: tipFor(bill.lines, 20), 25: tipFor(bill.lines, 25) },
    defaultTipPercent,
    version: bill.version,
    sentAt: iso(bill.sentAt),
    tipDueAt: iso(bill.tipDueAt),
    paidAt: iso(bill.paidAt),
    billing: { company: bill.billingCompany, address: bill.billingAddress },
    charge: charge
      ? {
          status: charge.status,
          amountCents: charge.amountCents,
          card:
            charge.cardBrand && charge.cardLast4
              ? { brand: charge.cardBrand, last4: charge.cardLast4 }
              : null,
          linkUrl:
            charge.status === 'requires_action' || charge.status === 'declined'
              ? charge.linkUrl
              : null,
        }
      : null,
  };
}
