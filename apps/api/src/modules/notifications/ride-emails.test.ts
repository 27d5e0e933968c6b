import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments, reviews, services, users, type Database } from '@app/db';
import { bookingReference, DEFAULT_BUSINESS, slotStartsAt } from '@app/shared';
import { createMailer, type Mailer } from '../../email/transport.ts';
import { rideTime } from '../../email/ride-facts.ts';
import { ridePageUrl } from '../../calendar/ride-calendar.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { deliverDueMessages, type MessageChannels } from './deliver-messages.ts';
import { messageRecorder, type AppointmentEvent } from './record-messages.ts';
import { createSandboxSmsSender } from './sms/sms-sender.ts';

const OWNER = 'desk@norfolkrides.example';
const EMAIL = { business: DEFAULT_BUSINESS, publicBaseUrl: 'https://rides.example.com' };
const NOW = new Date('2026-10-20T15:00:00Z');
const silent = { warn: () => {} };
const record = messageRecorder({ ownerEmail: OWNER });

// One file's database: enough to see each email's words through a real SMTP conversation.
const [kind] = await databaseKinds();

describe(`a ride's emails, through SMTP, on ${kind}`, () => {
  let database: TestDatabase;
  let db: Database;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let channels: MessageChannels;
  let rideId: string;
  let customer: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind ?? 'pglite');
    db = database.handle.db;
    smtp = await startSmtpServer();
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: OWNER,
      dir: '/nonexistent',
      log: silent as never,
    });
    channels = { mailer, sms: createSandboxSmsSender('/nonexistent') };
    const [car] = (await db.select({ id: services.id }).from(services).limit(1)) as [
      { id: string },
    ];
    const userId = await insertUser(db, 'Ann Rider');
    // Moved from the Saturday before clocks fall back to the Sunday they do.
    rideId = await insertAppointment(db, {
      userId,
      serviceId: car.id,
      slotDate: '1_11_2026',
      slotTime: '9:30 AM',
      status: 'paid',
    });
    await db.update(appointments).set({ calendarSequence: 1 }).where(eq(appointments.id, rideId));
    [{ customer }] = (await db
      .select({ customer: users.email })
      .from(users)
      .where(eq(users.id, userId))) as [{ customer: string }];
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
    await database.drop();
  });

  /** Records the event, delivers, and answers the customer's email and the owner's, if any. */
  async function mailsOf(event: AppointmentEvent) {
    await db.transaction((tx) => record(tx, event));
    const before = smtp.received.length;
    await deliverDueMessages(db, channels, { email: EMAIL, now: NOW, log: silent });
    const mails = smtp.received.slice(before).map((m) => ({ to: m.to, ...parseMail(m.raw) }));
    const part = (m: (typeof mails)[number] | undefined, type: string) =>
      m?.parts.find((p) => p.contentType === type)?.body ?? '';
    const toCustomer = mails.find((m) => m.to.includes(customer));
    const toOwner = mails.find((m) => m.to.includes(OWNER));
    return {
      count: mails.length,
      subject: toCustomer?.headers.get('subject'),
      text: part(toCustomer, 'text/plain'),
      html: part(toCustomer, 'text/html'),
      invite: part(toCustomer, 'text/calendar'),
      ownerSubject: toOwner?.headers.get('subject'),
    };
  }
  const eventOf = (invite: string) =>
    Object.values(ical.sync.parseICS(invite)).find((c): c is VEvent => c?.type === 'VEVENT');

  it('tells the customer and the owner of a reschedule, with the updated invite', async () => {
    const mail = await mailsOf({
      kind: 'rescheduled',
      appointmentId: rideId,
      at: NOW,
      previousSlotStart: slotStartsAt('31_10_2026', '9:30 AM') as Date,
    });
    expect(mail.count).toBe(2);
    expect(mail.subject).toBe('Your ride has moved: November 1, 2026, 9:30 AM (New York time)');
    for (const part of [mail.text, mail.html])
      expect(part).toContain(
        'from October 31, 2026, 9:30 AM (New York time) to November 1, 2026, 9:30 AM (New York time)',
      );
    // The booking reference the site and the console show, by the one shared rule.
    expect(mail.text).toContain(`Booking reference: ${bookingReference(rideId)}`);
    expect(mail.html).toContain(bookingReference(rideId));
    const event = eventOf(mail.invite);
    expect(event?.start.toISOString()).toBe('2026-11-01T14:30:00.000Z');
    expect(String(event?.sequence)).toBe('1');
    expect(mail.invite).toContain('METHOD:REQUEST');
    expect(mail.ownerSubject).toMatch(/^Moved: .*, now November 1, 2026, 9:30 AM/);
  });

  it('says what is refunded when the owner cancels, and cancels the calendar entry', async () => {
    await db
      .update(appointments)
      .set({ cancelReason: 'The car is in for repairs.', calendarSequence: 2 })
      .where(eq(appointments.id, rideId));
    const mail = await mailsOf({
      kind: 'cancelled',
      appointmentId: rideId,
      at: NOW,
      by: 'owner',
      refundCents: 5000,
    });
    expect(mail.subject).toBe('Your ride is cancelled: November 1, 2026, 9:30 AM (New York time)');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('we had to cancel your ride');
      expect(part).toContain('Reason: The car is in for repairs.');
      expect(part).toContain('We are refunding $50.00 to your card');
    }
    expect(mail.invite).toContain('METHOD:CANCEL');
    const event = eventOf(mail.invite);
    expect(event?.status).toBe('CANCELLED');
    expect(String(event?.sequence)).toBe('2');
    expect(event?.uid).toBe(`ride-${rideId}@rides.example.com`);
    expect(mail.ownerSubject).toMatch(/^Cancelled: /);
  });

  it('says nothing is refunded when the customer cancels', async () => {
    const mail = await mailsOf({
      kind: 'cancelled',
      appointmentId: rideId,
      at: NOW,
      by: 'customer',
      refundCents: 0,
    });
    expect(mail.text).toContain('is cancelled, as you asked');
    expect(mail.text).toContain('The booking fee is non-refundable, so nothing is refunded.');
  });

  it('thanks the customer after the ride, with the feedback page, and tells no owner', async () => {
    // Sent only for a ride still completed as it was marked.
    await db
      .update(appointments)
      .set({ status: 'completed', finishedAt: NOW })
      .where(eq(appointments.id, rideId));
    const mail = await mailsOf({
      kind: 'completed',
      appointmentId: rideId,
      at: NOW,
      finishedAt: NOW,
    });
    await db
      .update(appointments)
      .set({ status: 'paid', finishedAt: null })
      .where(eq(appointments.id, rideId));
    expect(mail.count).toBe(1);
    expect(mail.subject).toBe(`Thank you for riding with ${DEFAULT_BUSINESS.name}`);
    for (const part of [mail.text, mail.html])
      expect(part).toContain('https://rides.example.com/feedback');
    // Which ride: the car, the time, the booking reference and the ride's page.
    const [car] = await db.select({ name: services.name }).from(services).limit(1);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(bookingReference(rideId));
      expect(part).toContain(car?.name);
      expect(part).toContain(rideTime(slotStartsAt('1_11_2026', '9:30 AM') as Date));
      expect(part).toContain(ridePageUrl(rideId, 'https://rides.example.com'));
      // The one invitation to rate the ride, on its page.
      expect(part).toContain(`${ridePageUrl(rideId, 'https://rides.example.com')}#rate`);
      expect(part).toContain('Rate your ride');
    }
  });

  it('leaves the invitation to rate out once the booking is rated', async () => {
    await db
      .update(appointments)
      .set({ status: 'completed', finishedAt: NOW })
      .where(eq(appointments.id, rideId));
    const [ride] = await db.select().from(appointments).where(eq(appointments.id, rideId));
    await db.insert(reviews).values({
      appointmentId: rideId,
      serviceId: ride?.serviceId as string,
      userId: ride?.userId as string,
      stars: 3,
      createdAt: NOW,
    });
    const mail = await mailsOf({
      kind: 'completed',
      appointmentId: rideId,
      at: NOW,
      finishedAt: NOW,
    });
    await db.delete(reviews).where(eq(reviews.appointmentId, rideId));
    await db
      .update(appointments)
      .set({ status: 'paid', finishedAt: null })
      .where(eq(appointments.id, rideId));
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('#rate');
      expect(part).toContain('https://rides.example.com/feedback');
    }
  });
});
