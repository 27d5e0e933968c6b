import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments, outboxMessages, services, users, type Database } from '@app/db';
import { DEFAULT_BUSINESS } from '@app/shared';
import { createMailer, type Mailer } from '../../email/transport.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { fixtureStretchAt, insertAppointment, insertUser } from '../../test/fixtures.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import {
  DELIVERY_DEFAULTS,
  backoffAfter,
  deliverDueMessages,
  type MessageChannels,
} from './deliver-messages.ts';
import { messageRecorder } from './record-messages.ts';
import { SANDBOX_INVALID_NUMBER, createSandboxSmsSender } from './sms/sms-sender.ts';

const OWNER = 'desk@norfolkrides.example';
const EMAIL = { business: DEFAULT_BUSINESS, publicBaseUrl: 'https://rides.example.com' };
const NOW = new Date('2026-03-01T15:00:00Z');
const silent = { warn: () => {} };
const record = messageRecorder({ ownerEmail: OWNER });

function attachmentOf(raw: string, name: string): string {
  // The leaf part whose headers name the file: parseMail gives bodies, so find it by header.
  const at = raw.indexOf(`filename=${name}`);
  expect(at).toBeGreaterThan(0);
  return raw.slice(at);
}

describe.each(await databaseKinds())('delivering the outbox on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let smtp: TestSmtpServer;
  let mailer: Mailer;
  let channels: MessageChannels;
  let carId: string;
  let carName: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    smtp = await startSmtpServer();
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: `"Norfolk Rides" <${OWNER}>`,
      dir: '/nonexistent',
      log: silent as never,
    });
    channels = { mailer, sms: createSandboxSmsSender('/nonexistent') };
    [{ id: carId, name: carName }] = (await db
      .select({ id: services.id, name: services.name })
      .from(services)
      .limit(1)) as [{ id: string; name: string }];
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
    await database.drop();
  });

  async function paidRide(
    date = '8_3_2026',
    time = '9:30 AM',
    status: 'paid' | 'completed' = 'paid',
  ) {
    const userId = await insertUser(db, 'Ann Rider');
    const id = await insertAppointment(db, {
      userId,
      serviceId: carId,
      slotDate: date,
      slotTime: time,
      status,
    });
    const [{ email }] = (await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))) as [{ email: string }];
    return { id, email };
  }

  const rowsOf = (appointmentId: string) =>
    db.select().from(outboxMessages).where(eq(outboxMessages.appointmentId, appointmentId));

  it('sends the booking confirmation with its parts and invite, and the owner a notice, once', async () => {
    const ride = await paidRide();
    await db.transaction((tx) => record(tx, { kind: 'paid', appointmentId: ride.id, at: NOW }));

    const outcome = await deliverDueMessages(db, channels, { email: EMAIL, now: NOW, log: silent });
    expect(outcome).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const mails = [await smtp.nextMail(), await smtp.nextMail()];
    const customer = mails.find((m) => m.to.includes(ride.email));
    const owner = mails.find((m) => m.to.includes(OWNER));
    if (!customer || !owner) throw new Error('a recipient got nothing');
    expect(customer.to).toEqual([ride.email]);

    const { headers, parts } = parseMail(customer.raw);
    expect(headers.get('subject')).toBe(
      'Your ride is booked: March 8, 2026, 9:30 AM (New York time)',
    );
    const text = parts.find((p) => p.contentType === 'text/plain')?.body ?? '';
    const html = parts.find((p) => p.contentType === 'text/html')?.body ?? '';
    for (const part of [text, html]) {
      expect(part).toContain(carName);
      expect(part).toContain('March 8, 2026, 9:30 AM (New York time)');
      expect(part).toContain('1 Main Street, Norfolk, MA');
      expect(part).toContain('Logan Airport, Boston, MA');
      expect(part).toContain('$50.00');
      expect(part).toContain('The booking fee is non-refundable.');
      expect(part).toContain(`https://rides.example.com/my-appointments/${ride.id}`);
      expect(part).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    }
    expect(text).toMatch(/Return ride: No/);

    const invite = parts.find((p) => p.contentType === 'text/calendar');
    if (!invite) throw new Error('no invite attached');
    expect(attachmentOf(customer.raw, 'ride.ics')).toBeTruthy();
    const events = Object.values(ical.sync.parseICS(invite.body)).filter(
      (c): c is VEvent => c?.type === 'VEVENT',
    );
    expect(events[0]?.start.toISOString()).toBe('2026-03-08T13:30:00.000Z');
    expect(events[0]?.uid).toBe(`ride-${ride.id}@rides.example.com`);

    const notice = parseMail(owner.raw);
    expect(owner.to).toEqual([OWNER]);
    expect(notice.headers.get('subject')).toBe(
      `New booking: ${carName}, March 8, 2026, 9:30 AM (New York time)`,
    );
    expect(notice.parts.find((p) => p.contentType === 'text/plain')?.body).toContain(ride.email);

    const rows = await rowsOf(ride.id);
    expect(rows.map((r) => [r.status, r.attempts, r.sentAt?.getTime()])).toEqual([
      ['sent', 1, NOW.getTime()],
      ['sent', 1, NOW.getTime()],
    ]);
    // Nothing left due: a second run sends nothing again.
    expect(await deliverDueMessages(db, channels, { email: EMAIL, now: NOW, log: silent })).toEqual(
      {
        sent: 0,
        retrying: 0,
        failed: 0,
      },
    );
  });

  it('retries a refused message with a growing wait, then marks it failed, naming no recipient', async () => {
    const ride = await paidRide('9_3_2026', '9:30 AM', 'completed');
    await db.transaction((tx) =>
      record(tx, { kind: 'completed', appointmentId: ride.id, at: NOW }),
    );
    const refusing: MessageChannels = {
      ...channels,
      mailer: {
        send: () =>
          Promise.reject(
            Object.assign(new Error(`550 ${ride.email}: no such user`), {
              code: 'EENVELOPE',
              responseCode: 550,
            }),
          ),
        close: () => {},
      },
    };
    const settings = { ...DELIVERY_DEFAULTS, maxAttempts: 3 };
    let now = NOW;
    for (const attempt of [1, 2]) {
      expect(
        await deliverDueMessages(db, refusing, { email: EMAIL, now, log: silent, settings }),
      ).toEqual({ sent: 0, retrying: 1, failed: 0 });
      const [row] = await rowsOf(ride.id);
      expect(row?.status).toBe('pending');
      expect(row?.attempts).toBe(attempt);
      expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + backoffAfter(attempt, settings));
      // Not due before its wait is over.
      const early = new Date(now.getTime() + backoffAfter(attempt, settings) - 1);
      expect(
        (
          await deliverDueMessages(db, refusing, {
            email: EMAIL,
            now: early,
            log: silent,
            settings,
          })
        ).retrying,
      ).toBe(0);
      now = row?.nextAttemptAt as Date;
    }
    expect(backoffAfter(2, settings)).toBe(2 * backoffAfter(1, settings));
    expect(
      await deliverDueMessages(db, refusing, { email: EMAIL, now, log: silent, settings }),
    ).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    const [failed] = await rowsOf(ride.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.lastError).toBe('Error, code EENVELOPE, SMTP 550');
    expect(failed?.lastError).not.toContain(ride.email);
  });

  it('tells the customer by email when their text is refused for good', async () => {
    // Every texted message has an email twin, written in the same transaction (MESSAGE_ROUTES):
    // a number the provider refuses loses the text, never the news.
    const ride = await paidRide('20_3_2026');
    await db
      .update(appointments)
      .set({ smsConsentAt: NOW, phone: '500-555-0001' })
      .where(eq(appointments.id, ride.id));
    await db.transaction((tx) =>
      record(tx, {
        kind: 'cancelled',
        appointmentId: ride.id,
        at: NOW,
        by: 'owner',
        refundCents: 0,
      }),
    );
    const mailed: string[] = [];
    const watching: MessageChannels = {
      ...channels,
      mailer: {
        send: async (mail) => {
          mailed.push(mail.to);
          await mailer.send(mail);
        },
        close: () => {},
      },
    };
    const settings = { ...DELIVERY_DEFAULTS, maxAttempts: 1 };
    expect(
      await deliverDueMessages(db, watching, { email: EMAIL, now: NOW, log: silent, settings }),
    ).toEqual({ sent: 2, retrying: 0, failed: 1 });
    const rows = await rowsOf(ride.id);
    const text = rows.find((row) => row.channel === 'sms');
    expect(text?.recipient).toBe(SANDBOX_INVALID_NUMBER);
    expect(text?.status).toBe('failed');
    expect(text?.lastError).toBe('RestException, code 21211, HTTP 400');
    const email = rows.find((row) => row.channel === 'email' && row.audience === 'customer');
    expect(email?.status).toBe('sent');
    expect(mailed).toContain(ride.email);
  });

  it('lets two senders at once send each row exactly once', async () => {
    const rides = await Promise.all(
      ['10_3_2026', '11_3_2026', '12_3_2026', '13_3_2026', '14_3_2026'].map((d) =>
        paidRide(d, '9:30 AM', 'completed'),
      ),
    );
    for (const ride of rides)
      await db.transaction((tx) =>
        record(tx, { kind: 'completed', appointmentId: ride.id, at: NOW }),
      );
    const sent: string[] = [];
    const counting: MessageChannels = {
      ...channels,
      mailer: {
        send: async (mail) => {
          sent.push(mail.to);
          // Let the other sender run its claim while this one is "sending".
          await new Promise((resolve) => setImmediate(resolve));
        },
        close: () => {},
      },
    };
    const settings = { ...DELIVERY_DEFAULTS, batchSize: 2 };
    const runs = await Promise.all(
      Array.from({ length: 6 }, () =>
        deliverDueMessages(db, counting, { email: EMAIL, now: NOW, log: silent, settings }),
      ),
    );
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(5);
    expect(sent.sort()).toEqual(rides.map((r) => r.email).sort());
  });

  it('does not remind of a ride cancelled or moved after its reminder was written', async () => {
    const cancelled = await paidRide('15_3_2026');
    const moved = await paidRide('16_3_2026');
    for (const ride of [cancelled, moved]) {
      const [row] = (await db
        .select({ slotStart: appointments.slotStart })
        .from(appointments)
        .where(eq(appointments.id, ride.id))) as [{ slotStart: Date }];
      await db.transaction((tx) =>
        record(tx, {
          kind: 'reminder_24h',
          appointmentId: ride.id,
          at: NOW,
          slotStart: row.slotStart,
        }),
      );
    }
    await db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, cancelled.id));
    await db
      .update(appointments)
      .set(fixtureStretchAt(new Date('2026-03-20T14:00:00Z')))
      .where(eq(appointments.id, moved.id));
    const before = smtp.received.length;
    await deliverDueMessages(db, channels, { email: EMAIL, now: NOW, log: silent });
    expect(smtp.received.length).toBe(before);
    const rows = [...(await rowsOf(cancelled.id)), ...(await rowsOf(moved.id))];
    expect(rows.map((r) => [r.status, r.lastError]).sort()).toEqual([
      ['sent', 'not sent: ride moved'],
      ['sent', 'not sent: ride no longer booked'],
    ]);
  });
});
