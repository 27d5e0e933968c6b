import { and, eq, sql } from 'drizzle-orm';
import type { outboxMessages } from '@app/db';
import { appointments, billCharges, bills, services, users, type Database } from '@app/db';
import {
  billBalance,
  receiptFileName,
  emailsOwner,
  isAccountTemplate,
  isMessageTemplate,
  isPushOnlyTemplate,
  isTexted,
  TRIP_STATUSES,
  type AccountTemplate,
} from '@app/shared';
import { rideCalendar, type CalendarRide } from '../../calendar/ride-calendar.ts';
import {
  billPaidEmail,
  billPaymentDueEmail,
  billSentEmail,
  type BillFacts,
} from '../../email/ride-bill.ts';
import { bookingConfirmedEmail } from '../../email/booking-confirmed.ts';
import { chauffeurInviteEmail } from '../../email/chauffeur-invite.ts';
import { mfaFailedEmail } from '../../email/mfa-failed.ts';
import { ownerRideNoticeEmail } from '../../email/owner-ride-notice.ts';
import {
  rideCancelledEmail,
  rideDetailsChangedEmail,
  rideRescheduledEmail,
} from '../../email/ride-changed.ts';
import { rideChauffeurEmail } from '../../email/ride-chauffeur.ts';
import { rideCompletedEmail } from '../../email/ride-completed.ts';
import { billPageUrl, ridePageUrl } from '../../calendar/ride-calendar.ts';
import type { RideEmailSettings, RideFacts } from '../../email/ride-facts.ts';
import { rideReminderEmail } from '../../email/ride-reminder.ts';
import { RIDE_TEXTS } from '../../email/ride-texts.ts';
import type { Mail, MailAttachment } from '../../email/transport.ts';
import { verifyEmailEmail } from '../../email/verify-email.ts';
import { issueEmailVerification } from '../account/email-verification.ts';
import { issuePasswordReset } from '../auth/create-password-reset.ts';
import { STAFF_PASSWORD_LINK_LIFETIME_MS } from '../owners/add-staff.ts';
import { receiptOfRide } from '../receipts/receipt-of-ride.ts';
import { renderReceiptPdf } from '../receipts/receipt-pdf.ts';
import { reviewOfBooking } from '../reviews/post-review.ts';
import { composePush, type ComposedPush } from './push/compose-push.ts';
import { optedOut } from './record-messages.ts';
import type { TextMessage } from './sms/sms-sender.ts';

/** What one outbox row becomes when it is sent, or why it is not sent after all. */
export type Composed =
  | { channel: 'email'; mail: Mail }
  | { channel: 'sms'; text: TextMessage }
  | ComposedPush
  | { skip: string };

type Appointment = typeof appointments.$inferSelect;
export type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * Builds a row's message from the ride as it is now and the row's payload (what the ride's row
 * no longer says: the old time, the refund), or an account message from the account. Sends
 * nothing; writes only a confirmation link's token (its hash), made as its email is composed.
 */
export async function composeMessage(
  db: Database,
  row: OutboxMessage,
  settings: RideEmailSettings,
  now: Date,
): Promise<Composed> {
  // A template a newer version wrote, read by an older one during a rolling deploy.
  if (!isMessageTemplate(row.template)) return { skip: 'unknown template' };
  if (row.channel === 'push') return composePush(db, row, settings, now);
  if (isPushOnlyTemplate(row.template)) return { skip: 'pushed only' };
  if (isAccountTemplate(row.template))
    return composeAccountMessage(db, row, row.template, settings, now);
  if (!row.appointmentId) return { skip: 'no ride' };
  const [found] = await db
    .select({
      appointment: appointments,
      carName: services.name,
      name: users.name,
      email: users.email,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(eq(appointments.id, row.appointmentId));
  if (!found) return { skip: 'no ride' };
  const { appointment } = found;
  const { template } = row;
  const payload = row.payload;

  if (template === 'reminder_24h' || template === 'reminder_2h') {
    // Cancelled or moved since the reminder was claimed: the reminder would be wrong.
    if (appointment.status !== 'paid') return { skip: 'ride no longer booked' };
    if (payload.slotStart !== appointment.slotStart.toISOString()) return { skip: 'ride moved' };
  }

  if (template === 'completed') {
    // Undone since, or undone and marked again (whose own thank-you follows).
    if (appointment.status !== 'completed') return { skip: 'ride no longer completed' };
    if (
      typeof payload.finishedAt === 'string' &&
      payload.finishedAt !== appointment.finishedAt?.toISOString()
    ) {
      return { skip: 'marked again since' };
    }
  }

  if (template === 'on_my_way' || template === 'arrived') {
    // The tap was undone before its message went: a chauffeur not on the way is not announced.
    const reached = appointment.tripStatus ? TRIP_STATUSES.indexOf(appointment.tripStatus) : -1;
    if (reached < TRIP_STATUSES.indexOf(template)) return { skip: 'tap undone' };
    if (appointment.status !== 'paid') return { skip: 'ride no longer booked' };
  }
  const chauffeur = {
    firstName: typeof payload.chauffeurFirstName === 'string' ? payload.chauffeurFirstName : '',
    plate: typeof payload.plate === 'string' ? payload.plate : '',
    // A row written before the trip page existed links to the ride's page.
    tripUrl:
      typeof payload.tripUrl === 'string'
        ? payload.tripUrl
        : ridePageUrl(appointment.id, settings.publicBaseUrl),
  };

  const ride: RideFacts = {
    id: appointment.id,
    customerName: found.name,
    customerEmail:
      row.audience === 'customer' && row.channel === 'email' ? row.recipient : found.email,
    carName: found.carName,
    slotStart: appointment.slotStart,
    endsAt: appointment.endsAt,
    serviceType: appointment.serviceType,
    pickupAddress: appointment.pickupAddress,
    dropoffAddress: appointment.dropoffAddress,
    pickupNotes: appointment.pickupNotes,
    returnRide: appointment.needsReturnRide
      ? {
          pickupAddress: appointment.returnPickupAddress,
          dropoffAddress: appointment.returnDropoffAddress,
        }
      : null,
    depositCents: appointment.amountCents,
    priceCents: appointment.priceCents,
    priceReasons: appointment.priceReasons ?? [],
    phone: appointment.phone,
  };
  const previousSlotStart =
    typeof payload.previousSlotStart === 'string' ? new Date(payload.previousSlotStart) : null;
  const cancelled = {
    by: payload.by === 'owner' ? ('owner' as const) : ('customer' as const),
    refundCents: typeof payload.refundCents === 'number' ? payload.refundCents : 0,
    reason: appointment.cancelReason,
  };
  const bill = isBillTemplate(template)
    ? await billFacts(db, appointment.id, payload, settings.publicBaseUrl)
    : null;
  if (isBillTemplate(template) && !bill) return { skip: 'no bill' };
  const facts = {
    refundCents: cancelled.refundCents,
    amountCents: bill?.amountCents ?? 0,
    billUrl: bill?.url ?? '',
  };

  if (row.channel === 'sms') {
    if (await optedOut(db, row.recipient)) return { skip: 'number opted out' };
    if (!isTexted(template)) return { skip: 'no text' };
    const body = RIDE_TEXTS[template](ride, facts, settings, chauffeur);
    return { channel: 'sms', text: { to: row.recipient, body } };
  }

  if (row.audience === 'owner') {
    if (!emailsOwner(template)) return { skip: 'not for the owner' };
    const notice =
      template === 'paid'
        ? { kind: template }
        : template === 'cancelled'
          ? { kind: template, ...cancelled }
          : template === 'bill_payment_due'
            ? { kind: template, amountCents: facts.amountCents }
            : { kind: template, previousSlotStart };
    return { channel: 'email', mail: ownerRideNoticeEmail(ride, notice, row.recipient, settings) };
  }

  const invite = (
    method: 'request' | 'cancel',
    leg: Appointment = appointment,
    filename = 'ride.ics',
  ): MailAttachment => ({
    filename,
    contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
    content: rideCalendar(calendarRideOf(leg, found.carName), {
      ...settings,
      method,
      attendee: { name: found.name, email: ride.customerEmail },
      stamp: now,
    }),
  });
  if (isBillTemplate(template)) {
    if (!bill) return { skip: 'no bill' };
    const mail = BILL_EMAILS[template](ride, bill, settings);
    // The receipt, as a PDF an employer takes (ADR 023), drawn from the rows as they are now.
    if (template === 'bill_paid') {
      const receipt = await receiptOfRide(db, appointment.id, 'owner', settings.business);
      mail.attachments = [
        {
          filename: receiptFileName(receipt),
          contentType: 'application/pdf',
          content: await renderReceiptPdf(receipt),
        },
      ];
    }
    return { channel: 'email', mail };
  }
  // Every template is emailed to the customer: one without its email here does not compile.
  switch (template) {
    case 'paid': {
      // A round trip's one confirmation lists its return leg, with an event of its own.
      const [leg] = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.returnOf, appointment.id), eq(appointments.status, 'paid')));
      const confirmed = bookingConfirmedEmail(
        leg && ride.returnRide
          ? { ...ride, returnRide: { ...ride.returnRide, startsAt: leg.slotStart } }
          : ride,
        calendarRideOf(appointment, found.carName),
        invite('request'),
        settings,
      );
      if (leg) confirmed.attachments?.push(invite('request', leg, 'return-ride.ics'));
      return { channel: 'email', mail: confirmed };
    }
    case 'reminder_24h':
    case 'reminder_2h':
      return {
        channel: 'email',
        mail: rideReminderEmail(ride, template === 'reminder_24h' ? 'day' : 'hours', settings),
      };
    case 'rescheduled':
      return {
        channel: 'email',
        mail: rideRescheduledEmail(
          ride,
          {
            previousSlotStart,
            reason: typeof payload.reason === 'string' ? payload.reason : undefined,
            previousCarName:
              typeof payload.previousCarName === 'string' ? payload.previousCarName : undefined,
          },
          invite('request'),
          settings,
        ),
      };
    case 'details_changed':
      return {
        channel: 'email',
        mail: rideDetailsChangedEmail(
          ride,
          {
            fields: Array.isArray(payload.fields) ? payload.fields.map(String) : ['details'],
            reason: typeof payload.reason === 'string' ? payload.reason : '',
          },
          invite('request'),
          settings,
        ),
      };
    case 'cancelled':
      return {
        channel: 'email',
        mail: rideCancelledEmail(ride, cancelled, invite('cancel'), settings),
      };
    case 'completed':
      // The invitation to rate, unless the booking is rated already (a round trip's other leg).
      return {
        channel: 'email',
        mail: rideCompletedEmail(ride, settings, !(await reviewOfBooking(db, appointment))),
      };
    case 'on_my_way':
    case 'arrived':
      return { channel: 'email', mail: rideChauffeurEmail(ride, template, chauffeur, settings) };
  }
}

/** The bill's emails, by template (`modules/bills`). */
const BILL_EMAILS = {
  bill_sent: billSentEmail,
  bill_payment_due: billPaymentDueEmail,
  bill_paid: billPaidEmail,
} as const;
const isBillTemplate = (template: string): template is keyof typeof BILL_EMAILS =>
  Object.hasOwn(BILL_EMAILS, template);

/**
 * A bill as its message shows it: its lines as they are now, the amount the row was written
 * for (the balance when sent; the balance and tip when charged or due), the card charged, and
 * where the customer goes (the payment link when one was made, else the bill's page).
 */
async function billFacts(
  db: Database,
  appointmentId: string,
  payload: Record<string, unknown>,
  publicBaseUrl: string,
): Promise<BillFacts | null> {
  const [row] = await db
    .select({ bill: bills, charge: billCharges })
    .from(bills)
    .leftJoin(billCharges, eq(billCharges.appointmentId, bills.appointmentId))
    .where(eq(bills.appointmentId, appointmentId));
  if (!row) return null;
  const { bill, charge } = row;
  const amount = (key: string) => (typeof payload[key] === 'number' ? payload[key] : 0);
  return {
    lines: bill.lines,
    totalCents: bill.totalCents,
    depositCents: bill.depositCents,
    balanceCents: billBalance(bill.lines, bill.depositCents),
    tipCents: bill.tipCents,
    amountCents: 'amountCents' in payload ? amount('amountCents') : amount('balanceCents'),
    card:
      charge?.cardBrand && charge.cardLast4
        ? { brand: charge.cardBrand, last4: charge.cardLast4 }
        : null,
    url:
      typeof payload.linkUrl === 'string'
        ? payload.linkUrl
        : billPageUrl(appointmentId, publicBaseUrl),
  };
}

/**
 * An account message, to the address the account has now: a confirmation of an address that is
 * still unverified and still the one it was written for (its link made here, so no outbox row
 * holds it), or the warning of wrong sign-in codes.
 */
async function composeAccountMessage(
  db: Database,
  row: OutboxMessage,
  template: AccountTemplate,
  settings: RideEmailSettings,
  now: Date,
): Promise<Composed> {
  if (!row.userId || row.channel !== 'email') return { skip: 'no account' };
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
      role: users.role,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!account) return { skip: 'no account' };
  const { business, publicBaseUrl } = settings;
  switch (template) {
    case 'verify_email': {
      if (account.verifiedAt) return { skip: 'address already confirmed' };
      if (account.email !== row.recipient) return { skip: 'address changed' };
      const token = await issueEmailVerification(db, account, now);
      const link = `${publicBaseUrl}/verify-email/${token}`;
      return {
        channel: 'email',
        mail: verifyEmailEmail({ to: account.email, name: account.name, link, business }),
      };
    }
    case 'chauffeur_invite': {
      // Removed since, or already in: a link would only replace their password.
      if (account.role !== 'chauffeur') return { skip: 'no longer a chauffeur' };
      if (account.hasPassword) return { skip: 'password already set' };
      if (account.email !== row.recipient) return { skip: 'address changed' };
      const token = await db.transaction((tx) =>
        issuePasswordReset(tx, account.id, now, STAFF_PASSWORD_LINK_LIFETIME_MS),
      );
      const link = `${publicBaseUrl}/reset-password/${token}`;
      return {
        channel: 'email',
        mail: chauffeurInviteEmail({
          to: account.email,
          name: account.name,
          link,
          publicBaseUrl,
          business,
        }),
      };
    }
    case 'mfa_failed':
      return {
        channel: 'email',
        mail: mfaFailedEmail({
          to: account.email,
          name: account.name,
          at: row.createdAt,
          publicBaseUrl,
          business,
        }),
      };
  }
}

/** The ride as its calendar entry says it (the .ics download route reads the same). */
export function calendarRideOf(appointment: Appointment, carName: string): CalendarRide {
  return {
    id: appointment.id,
    slotStart: appointment.slotStart,
    endsAt: appointment.endsAt,
    sequence: appointment.calendarSequence,
    carName,
    pickupAddress: appointment.pickupAddress,
    dropoffAddress: appointment.dropoffAddress,
  };
}
