import { and, eq, isNull } from 'drizzle-orm';
import { users, type Database } from '@app/db';
import type { PaymentProvider } from './payment-provider.ts';

/** The account as its provider customer is made from it. */
export interface CustomerAccount {
  id: string;
  email: string;
  name: string;
  /** `users.payment_customer_id`, as read. */
  paymentCustomerId: string | null;
}

/**
 * The account's customer at the provider, where the card kept with a deposit lives: the stored
 * one, or one made now and stored. Made under the account's own idempotency key, so concurrent
 * callers (or a retry after a crash between the provider's answer and the update) get the same
 * customer; stored by one conditional update over a null column and read back, so whichever
 * caller stored first wins and every checkout of the account names one customer.
 */
export async function ensurePaymentCustomer(
  db: Database,
  provider: PaymentProvider,
  account: CustomerAccount,
): Promise<string> {
  if (account.paymentCustomerId) return account.paymentCustomerId;
  const made = await provider.createCustomer({
    email: account.email,
    name: account.name,
    userId: account.id,
    idempotencyKey: `customer-${account.id}`,
  });
  await db
    .update(users)
    .set({ paymentCustomerId: made.id })
    .where(and(eq(users.id, account.id), isNull(users.paymentCustomerId)));
  const [stored] = await db
    .select({ paymentCustomerId: users.paymentCustomerId })
    .from(users)
    .where(eq(users.id, account.id));
  if (!stored?.paymentCustomerId) throw new Error(`account ${account.id} has no payment customer`);
  return stored.paymentCustomerId;
}
