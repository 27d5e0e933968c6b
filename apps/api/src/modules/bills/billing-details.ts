import { and, eq, inArray, ne } from 'drizzle-orm';
import { appointments, bills, type Database } from '@app/db';
import { AppError } from '../../errors.ts';
import { BILL_NOT_FOUND_MESSAGE } from './adjust-bill.ts';

/**
 * The company and billing address the customer's receipt shows, for an employer: set on their
 * own sent bill, before or after it is paid (the receipt is drawn from the row each time).
 */
export async function setBillingDetails(
  db: Database,
  input: { appointmentId: string; userId: string; company: string; address: string; now: Date },
): Promise<void> {
  const own = db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, input.appointmentId), eq(appointments.userId, input.userId)));
  const [updated] = await db
    .update(bills)
    .set({ billingCompany: input.company, billingAddress: input.address, updatedAt: input.now })
    .where(
      and(
        eq(bills.appointmentId, input.appointmentId),
        inArray(bills.appointmentId, own),
        ne(bills.status, 'draft'),
      ),
    )
    .returning({ id: bills.appointmentId });
  if (!updated) throw AppError.notFound(BILL_NOT_FOUND_MESSAGE);
}
