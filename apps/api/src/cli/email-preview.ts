/**
 * `npm run email:preview [-- <folder>]`: every email the site sends, written with a sample ride
 * as `.html` and `.txt` to a folder (`var/email-preview` unless told) with an `index.html` that
 * lists them and the texts, to look at in a browser. Reads `.env` for the business's details;
 * needs no database and sends nothing.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  businessFromEnv,
  emailsOwner,
  isPushOnlyTemplate,
  isTexted,
  MESSAGE_ROUTES,
  MESSAGE_TEMPLATES,
  type MessageTemplate,
  type OwnerEmailedTemplate,
  type PushOnlyTemplate,
} from '@app/shared';
import { billPageUrl, rideCalendar, type CalendarRide } from '../calendar/ride-calendar.ts';
import {
  billPaidEmail,
  billPaymentDueEmail,
  billSentEmail,
  type BillFacts,
} from '../email/ride-bill.ts';
import { ROOT_DIR } from '../config/env.ts';
import { escapeHtml } from '../email/layout.ts';
import { bookingConfirmedEmail } from '../email/booking-confirmed.ts';
import { ownerRideNoticeEmail, type OwnerNotice } from '../email/owner-ride-notice.ts';
import { passwordResetEmail } from '../email/password-reset.ts';
import {
  rideCancelledEmail,
  rideDetailsChangedEmail,
  rideRescheduledEmail,
} from '../email/ride-changed.ts';
import { rideChauffeurEmail } from '../email/ride-chauffeur.ts';
import { rideCompletedEmail } from '../email/ride-completed.ts';
import type { RideEmailSettings, RideFacts } from '../email/ride-facts.ts';
import { mfaFailedEmail } from '../email/mfa-failed.ts';
import { rideReminderEmail } from '../email/ride-reminder.ts';
import { verifyEmailEmail } from '../email/verify-email.ts';
import { chauffeurInviteEmail } from '../email/chauffeur-invite.ts';
import { RIDE_TEXTS } from '../email/ride-texts.ts';
import type { Mail, MailAttachment } from '../email/transport.ts';

export const DEFAULT_PREVIEW_DIR = resolve(ROOT_DIR, 'var/email-preview');

/** The chauffeur the tap messages' samples name. */
const sampleChauffeur = {
  firstName: 'Dana',
  plate: '7ABC123',
  tripUrl: 'http://localhost:5173/trip/P5ocK11ET3CKkbLD1OX2B0xYd2NkYmN4Yc8fB7mQ0aE',
};
/** The sample ride every preview shows: a paid airport transfer with a return ride. */
export function sampleRide(): RideFacts {
  // Friday, December 4, 2026, 9:30 AM in New York: a time a ride is booked for.
  const slotStart = new Date('2026-12-04T14:30:00Z');
  return {
    id: '3f9a1c2b-5d6e-4f70-8a91-b2c3d4e5f607',
    customerName: 'Jordan Avery',
    customerEmail: 'jordan.avery@example.com',
    carName: 'Tesla Model S',
    slotStart,
    // A 1 h 15 min transfer.
    endsAt: new Date(slotStart.getTime() + 75 * 60_000),
    serviceType: 'Airport Transfer',
    pickupAddress: '12 Elm Street, Dedham, MA 02026',
    dropoffAddress: 'Logan International Airport, Terminal B, Boston, MA 02128',
    pickupNotes: 'Two large suitcases; please ring the side door.',
    returnRide: {
      pickupAddress: 'Logan International Airport, Terminal B, Boston, MA 02128',
      dropoffAddress: '12 Elm Street, Dedham, MA 02026',
    },
    depositCents: 2_600,
    priceCents: 14_000,
    priceReasons: ['first 1 h 15 min', '20% off Tesla'],
    phone: '617-555-0142',
  };
}

/** One email as the preview writes it: its file name (without extension) and the mail. */
export interface EmailPreview {
  name: string;
  /** Whom it goes to and when, for the index. */
  about: string;
  mail: Mail;
}

/**
 * Every email: the customer's for each template of `MESSAGE_ROUTES` (a template without one
 * here does not compile), the business's notice for each template that emails it, and the
 * password reset, which the outbox never carries.
 */
export function emailPreviews(settings: RideEmailSettings, now: Date): EmailPreview[] {
  const ride = sampleRide();
  const previousSlotStart = new Date(ride.slotStart.getTime() - 24 * 3_600_000);
  const calendarRide: CalendarRide = {
    id: ride.id,
    slotStart: ride.slotStart,
    endsAt: ride.endsAt,
    sequence: 0,
    carName: ride.carName,
    pickupAddress: ride.pickupAddress,
    dropoffAddress: ride.dropoffAddress,
  };
  const invite = (method: 'request' | 'cancel'): MailAttachment => ({
    filename: 'ride.ics',
    contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
    content: rideCalendar(calendarRide, {
      ...settings,
      method,
      attendee: { name: ride.customerName, email: ride.customerEmail },
      stamp: now,
    }),
  });
  const cancelled = {
    by: 'owner' as const,
    reason: 'The car needs an urgent repair.',
    refundCents: ride.depositCents,
  };

  const sampleBill: BillFacts = {
    lines: [
      { kind: 'ride', label: 'Ride, 3 h as booked', amountCents: 36000 },
      { kind: 'waiting', label: 'Waiting at pickup, 10 min beyond 15 min', amountCents: 2000 },
      { kind: 'toll', label: 'Tolls, Mass Pike', amountCents: 750 },
    ],
    totalCents: 38750,
    depositCents: ride.depositCents,
    balanceCents: 38750 - ride.depositCents,
    tipCents: 7200,
    amountCents: 38750 - ride.depositCents + 7200,
    card: { brand: 'visa', last4: '4242' },
    url: billPageUrl(ride.id, settings.publicBaseUrl),
  };
  const toCustomer: { [T in Exclude<MessageTemplate, PushOnlyTemplate>]: () => Mail } = {
    paid: () => bookingConfirmedEmail(ride, calendarRide, invite('request'), settings),
    reminder_24h: () => rideReminderEmail(ride, 'day', settings),
    reminder_2h: () => rideReminderEmail(ride, 'hours', settings),
    // As an owner's move to another car, the fullest form of the message.
    rescheduled: () =>
      rideRescheduledEmail(
        ride,
        {
          previousSlotStart,
          reason: 'The car you booked needs an urgent repair.',
          previousCarName: 'Cadillac Escalade',
        },
        invite('request'),
        settings,
      ),
    details_changed: () =>
      rideDetailsChangedEmail(
        ride,
        { fields: ['phone number', 'pickup address'], reason: 'You asked us by phone.' },
        invite('request'),
        settings,
      ),
    cancelled: () => rideCancelledEmail(ride, cancelled, invite('cancel'), settings),
    completed: () => rideCompletedEmail(ride, settings),
    on_my_way: () => rideChauffeurEmail(ride, 'on_my_way', sampleChauffeur, settings),
    arrived: () => rideChauffeurEmail(ride, 'arrived', sampleChauffeur, settings),
    bill_sent: () => billSentEmail(ride, { ...sampleBill, tipCents: null }, settings),
    bill_payment_due: () =>
      billPaymentDueEmail(
        ride,
        { ...sampleBill, url: 'https://checkout.stripe.com/c/pay/sample' },
        settings,
      ),
    bill_paid: () => billPaidEmail(ride, sampleBill, settings),
    verify_email: () =>
      verifyEmailEmail({
        to: ride.customerEmail,
        name: ride.customerName,
        link: `${settings.publicBaseUrl}/verify-email/sample-token`,
        business: settings.business,
      }),
    mfa_failed: () =>
      mfaFailedEmail({
        // To a staff account; the sample's name stands for it.
        to: ride.customerEmail,
        name: ride.customerName,
        at: now,
        publicBaseUrl: settings.publicBaseUrl,
        business: settings.business,
      }),
    chauffeur_invite: () =>
      chauffeurInviteEmail({
        // To a new chauffeur; the sample's name and address stand for theirs.
        to: ride.customerEmail,
        name: ride.customerName,
        link: `${settings.publicBaseUrl}/reset-password/sample-token`,
        publicBaseUrl: settings.publicBaseUrl,
        business: settings.business,
      }),
  };
  const ownerNotices: { [T in OwnerEmailedTemplate]: OwnerNotice } = {
    paid: { kind: 'paid' },
    rescheduled: { kind: 'rescheduled', previousSlotStart },
    cancelled: { kind: 'cancelled', by: cancelled.by, refundCents: cancelled.refundCents },
    bill_payment_due: { kind: 'bill_payment_due', amountCents: sampleBill.amountCents },
  };

  const emailed = MESSAGE_TEMPLATES.filter(
    (t): t is Exclude<MessageTemplate, PushOnlyTemplate> => !isPushOnlyTemplate(t),
  );
  const previews: EmailPreview[] = emailed.map((template) => ({
    name: `customer-${template}`,
    about: `To the customer: ${MESSAGE_ROUTES[template].label}`,
    mail: toCustomer[template](),
  }));
  for (const template of MESSAGE_TEMPLATES.filter(emailsOwner)) {
    previews.push({
      name: `owner-${template}`,
      about: `To the business: ${MESSAGE_ROUTES[template].label}`,
      mail: ownerRideNoticeEmail(ride, ownerNotices[template], settings.business.email, settings),
    });
  }
  previews.push({
    name: 'password-reset',
    about: 'To the customer: password reset (sent at once, never through the outbox)',
    mail: passwordResetEmail({
      to: ride.customerEmail,
      name: ride.customerName,
      link: `${settings.publicBaseUrl}/reset-password/sample-token`,
      business: settings.business,
    }),
  });
  return previews;
}

/** Writes every email's `.html` and `.txt`, and `index.html`; answers the files written. */
export function writeEmailPreviews(dir: string, settings: RideEmailSettings, now: Date): string[] {
  mkdirSync(dir, { recursive: true });
  const previews = emailPreviews(settings, now);
  const written: string[] = [];
  const write = (file: string, content: string) => {
    writeFileSync(join(dir, file), content);
    written.push(file);
  };
  for (const { name, mail } of previews) {
    write(`${name}.html`, mail.html);
    write(`${name}.txt`, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
  }
  const ride = sampleRide();
  const texts = MESSAGE_TEMPLATES.filter(isTexted).map(
    (template) =>
      `<li>${escapeHtml(MESSAGE_ROUTES[template].label)}: <code>${escapeHtml(
        RIDE_TEXTS[template](
          ride,
          {
            refundCents: ride.depositCents,
            amountCents: 31950,
            billUrl: billPageUrl(ride.id, settings.publicBaseUrl),
          },
          settings,
          sampleChauffeur,
        ),
      )}</code></li>`,
  );
  const emails = previews.map(
    ({ name, about, mail }) =>
      `<li><a href="${name}.html">${escapeHtml(about)}</a> (<a href="${name}.txt">text</a>): ${escapeHtml(mail.subject)}</li>`,
  );
  write(
    'index.html',
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Email preview</title></head>
<body style="font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem">
<h1>Every email, with a sample ride</h1>
<ul>${emails.join('\n')}</ul>
<h2>Texts</h2>
<ul>${texts.join('\n')}</ul>
</body></html>
`,
  );
  return written;
}

function main(argv: string[]): number {
  if (argv.length > 1 || argv[0]?.startsWith('-')) {
    console.error('Usage: npm run email:preview [-- <folder>]   (default: var/email-preview)');
    return 2;
  }
  const dir = argv[0] ? resolve(argv[0]) : DEFAULT_PREVIEW_DIR;
  // Settings in .env apply unless the environment already sets them (as for `npm start`).
  const envFile = resolve(ROOT_DIR, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const settings: RideEmailSettings = {
    business: businessFromEnv(process.env),
    publicBaseUrl: process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000',
  };
  const written = writeEmailPreviews(dir, settings, new Date());
  console.log(`${written.length} files in ${dir}; open ${join(dir, 'index.html')}`);
  return 0;
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
