import { and, eq, gt, isNull } from 'drizzle-orm';
import { appointments, services, users, type Database } from '@app/db';
import { bookedPriceOf, formatCents, formatSlotSpoken, reasonsInWords } from '@app/shared';
import { AppError } from '../../errors.ts';
import { ensurePaymentCustomer } from '../payments/payment-customer.ts';
import type { CheckoutRequest, PaymentProvider } from '../payments/payment-provider.ts';
import { CHECKOUT_LIFETIME_MS, HOLD_GRACE_MS, PROVIDER_MIN_CHECKOUT_MS } from './holds.ts';

export const APPOINTMENT_NOT_FOUND_MESSAGE = 'Appointment not found';
export const BOOKING_EXPIRED_MESSAGE = 'This booking has expired. Please choose your time again.';
export const ALREADY_PAID_MESSAGE = 'This appointment is already paid.';

/** Rounds a caller may lose to concurrent callers before it gives up (each loss means progress). */
const MAX_ROUNDS = 4;

interface StartCheckoutOptions {
  userId: string;
  appointmentId: string;
  now: Date;
  publicBaseUrl: string;
}

type OwnHold = NonNullable<Awaited<ReturnType<typeof ownHold>>>;

/**
 * Opens the provider's hosted checkout for the caller's own held appointment, for the amount
 * the server computed. An appointment has at most one open checkout: an attempt is reserved by
 * one conditional update on the appointment (its end written only over the attempt the caller
 * saw as over), and every caller of that attempt sends the provider the identical request
 * under the same idempotency key (both derive from the stored end, never from the clock), so
 * the provider itself answers one session, on any number of instances. A retry gets it back.
 * The session keeps the card on the account's provider customer (made with the first checkout),
 * with the customer's consent on the page, for the ride's balance after the ride.
 */
export async function startCheckout(
  db: Database,
  provider: PaymentProvider,
  options: StartCheckoutOptions,
): Promise<{ url: string }> {
  const { now } = options;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const row = await ownHold(db, options);
    const { appointment } = row;
    const attemptEnd = appointment.checkoutExpiresAt;
    const sessionId = appointment.checkoutSessionId;
    const attemptOpen = attemptEnd !== null && attemptEnd > now;

    if (sessionId) {
      const session = await provider.retrieveCheckout(sessionId);
      // Paid, the webhook not in yet: a new session would charge twice.
      if (session?.status === 'complete') throw AppError.conflict(ALREADY_PAID_MESSAGE);
      if (attemptOpen && session?.status === 'open' && session.url) return { url: session.url };
    } else if (attemptOpen && attemptEnd.getTime() - now.getTime() >= PROVIDER_MIN_CHECKOUT_MS) {
      // Reserved by a caller whose session is not linked yet (in flight, or lost in a crash):
      // the same request under the same key answers that very session.
      const url = await openSession(db, provider, row, attemptEnd, options);
      if (url) return { url };
      continue;
    }

    // No attempt yet, or the last one is over: reserve the next, unless another caller just did.
    const nextEnd = new Date(Math.ceil((now.getTime() + CHECKOUT_LIFETIME_MS) / 60_000) * 60_000);
    const [reserved] = await db
      .update(appointments)
      .set({
        checkoutExpiresAt: nextEnd,
        checkoutSessionId: null,
        holdExpiresAt: new Date(nextEnd.getTime() + HOLD_GRACE_MS),
        updatedAt: now,
      })
      .where(
        and(
          eq(appointments.id, appointment.id),
          eq(appointments.status, 'pending_payment'),
          gt(appointments.holdExpiresAt, now),
          attemptEnd === null
            ? isNull(appointments.checkoutExpiresAt)
            : eq(appointments.checkoutExpiresAt, attemptEnd),
        ),
      )
      .returning({ id: appointments.id });
    if (!reserved) continue;
    // A round trip's return leg is held as long as the checkout that pays it.
    await extendReturnLegs(db, appointment.id, nextEnd, now);
    const url = await openSession(db, provider, row, nextEnd, options);
    if (url) return { url };
  }
  throw AppError.conflict(BOOKING_EXPIRED_MESSAGE);
}

/** The caller's own appointment with what its checkout shows, refused unless it still holds. */
async function ownHold(db: Database, options: StartCheckoutOptions) {
  const [row] = await db
    .select({
      appointment: appointments,
      service: services,
      account: {
        id: users.id,
        email: users.email,
        name: users.name,
        paymentCustomerId: users.paymentCustomerId,
      },
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(
      and(eq(appointments.id, options.appointmentId), eq(appointments.userId, options.userId)),
    );
  if (!row) throw AppError.notFound(APPOINTMENT_NOT_FOUND_MESSAGE);
  const { appointment } = row;
  if (appointment.status === 'paid') throw AppError.conflict(ALREADY_PAID_MESSAGE);
  if (appointment.status !== 'pending_payment' || appointment.holdExpiresAt <= options.now) {
    throw AppError.conflict(BOOKING_EXPIRED_MESSAGE);
  }
  // A return leg is paid in its first leg's checkout, never alone.
  if (appointment.returnOf) throw AppError.conflict(BOOKING_EXPIRED_MESSAGE);
  const returnLegs = await db
    .select()
    .from(appointments)
    .where(
      and(eq(appointments.returnOf, appointment.id), eq(appointments.status, 'pending_payment')),
    );
  return { ...row, returnLegs };
}

/** Holds a round trip's return legs until the first leg's new checkout (and its grace) ends. */
async function extendReturnLegs(db: Database, firstLegId: string, attemptEnd: Date, now: Date) {
  await db
    .update(appointments)
    .set({ holdExpiresAt: new Date(attemptEnd.getTime() + HOLD_GRACE_MS), updatedAt: now })
    .where(and(eq(appointments.returnOf, firstLegId), eq(appointments.status, 'pending_payment')));
}

/**
 * Asks the provider for the attempt's session and links it to the appointment. Answers its URL,
 * or null when the appointment moved on meanwhile (paid, released, or a newer attempt).
 */
async function openSession(
  db: Database,
  provider: PaymentProvider,
  { appointment, service, account, returnLegs }: OwnHold,
  attemptEnd: Date,
  options: StartCheckoutOptions,
): Promise<string | null> {
  // The card is kept on the account's customer, so the ride's balance can be charged to it.
  const customerId = await ensurePaymentCustomer(db, provider, account);
  const deposit = `${service.name} booking deposit`;
  const legs = [appointment, ...returnLegs];
  const request: CheckoutRequest = {
    appointmentId: appointment.id,
    amountCents: legs.reduce((sum, leg) => sum + leg.amountCents, 0),
    productName: returnLegs.length > 0 ? `${deposit}s, round trip` : deposit,
    ...(returnLegs.length > 0
      ? {
          lines: legs.map((leg, index) => ({
            name: `${deposit}, ${index === 0 ? 'ride' : 'return'} ${formatSlotSpoken(leg.slotDate, leg.slotTime)}`,
            amountCents: leg.amountCents,
            description: depositToward(leg),
          })),
        }
      : { description: depositToward(appointment) }),
    customerEmail: account.email,
    customerId,
    saveCard: true,
    purpose: 'deposit',
    metadata: {
      Date: appointment.slotDate,
      Time: appointment.slotTime,
      serviceName: service.name,
      serviceAddress: service.address,
    },
    successUrl: `${options.publicBaseUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
    // Back to the car, marked: the page tells the customer nothing was charged (the form kept).
    cancelUrl: `${options.publicBaseUrl}/appointment/${service.id}?checkout=cancelled`,
    expiresAt: attemptEnd,
    idempotencyKey: `checkout-${appointment.id}-${Math.floor(attemptEnd.getTime() / 60_000)}`,
  };
  const { id, url } = await provider.createCheckout(request);
  const [linked] = await db
    .update(appointments)
    .set({ checkoutSessionId: id, updatedAt: options.now })
    .where(
      and(
        eq(appointments.id, appointment.id),
        eq(appointments.status, 'pending_payment'),
        eq(appointments.checkoutExpiresAt, attemptEnd),
      ),
    )
    .returning({ id: appointments.id });
  return linked ? url : null;
}

/**
 * What a leg's deposit is toward: its price as booked, why (its reasons, as the confirmation
 * shows them) and the rest, paid after the ride.
 */
function depositToward(leg: Parameters<typeof bookedPriceOf>[0]): string | undefined {
  const price = bookedPriceOf(leg);
  if (!price) return undefined;
  const why = price.reasons.length > 0 ? ` (${reasonsInWords(price.reasons)})` : '';
  return `Toward an estimated $${formatCents(price.priceCents)} ride${why}; $${formatCents(price.balanceCents)} left to pay after the ride.`;
}
