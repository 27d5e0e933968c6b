import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import twilio from 'twilio';
import { and, eq } from 'drizzle-orm';
import { appointments, outboxMessages, services, smsOptOuts, type Database } from '@app/db';
import { bookingReference, DEFAULT_BUSINESS } from '@app/shared';
import { buildApp } from '../../../app.ts';
import { testConfig } from '../../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../../test/databases.ts';
import { insertAppointment, insertUser } from '../../../test/fixtures.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../../../test/twilio-stand-in.ts';
import { deliverDueMessages, describeFailure, type MessageChannels } from '../deliver-messages.ts';
import { messageRecorder } from '../record-messages.ts';
import {
  createSandboxSmsSender,
  createTwilioSender,
  SANDBOX_INVALID_NUMBER,
} from './sms-sender.ts';
import { FORGED_WEBHOOK_MESSAGE } from './sms-webhook.routes.ts';
import { usE164 } from './us-phone.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const BASE = 'https://rides.example.com';
const TWILIO = {
  accountSid: `AC${'a1'.repeat(16)}`,
  authToken: 'twilio-test-auth-token-0123456789',
  from: '+17815550199',
};
const EMAIL = { business: DEFAULT_BUSINESS, publicBaseUrl: BASE };
const silent = { warn: () => {} };
const record = messageRecorder({ ownerEmail: DEFAULT_BUSINESS.email });
const noMail = { send: () => Promise.reject(new Error('no email in this test')), close: () => {} };

describe('US phone numbers as E.164', () => {
  it.each([
    ['781-555-0100', '+17815550100'],
    ['7815550100', '+17815550100'],
    ['+1 (781) 555-0100', '+17815550100'],
    ['1-781-555-0100', '+17815550100'],
    ['555-0100', null],
    ['081-555-0100', null],
    ['+44 20 7946 0958', null],
  ])('reads %s as %s', (phone, e164) => expect(usE164(phone)).toBe(e164));
});

describe('the sandbox for texts', () => {
  it('writes each text to a file, and refuses the number Twilio test credentials refuse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sms-sandbox-'));
    try {
      const sandbox = createSandboxSmsSender(dir);
      const { id } = await sandbox.send({ to: '+17815550100', body: 'Your ride is at 9:30 AM.' });
      expect(readdirSync(dir)).toEqual([`${id}.txt`]);
      expect(readFileSync(join(dir, `${id}.txt`), 'utf8')).toBe(
        'To: +17815550100\n\nYour ride is at 9:30 AM.\n',
      );
      const refused = sandbox.send({ to: SANDBOX_INVALID_NUMBER, body: 'x' });
      await expect(refused).rejects.toMatchObject({ name: 'RestException', code: 21211 });
      expect(describeFailure(await refused.catch((error: unknown) => error))).toBe(
        'RestException, code 21211, HTTP 400',
      );
      expect(readdirSync(dir)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(await databaseKinds())('texts on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let standIn: TwilioStandIn;
  let channels: MessageChannels;
  let carId: string;
  let slot = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    standIn = await startTwilioStandIn();
    channels = { mailer: noMail, sms: createTwilioSender(TWILIO, standIn.baseUrl) };
    app = await buildApp({
      config: testConfig({ twilio: TWILIO, publicBaseUrl: BASE }),
      db: database.handle,
      now: () => NOW,
    });
    [{ id: carId }] = (await db.select({ id: services.id }).from(services).limit(1)) as [
      { id: string },
    ];
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
    await database?.drop();
  });

  async function ride(phone: string, consented = true) {
    slot += 1;
    const userId = await insertUser(db);
    const id = await insertAppointment(db, {
      userId,
      serviceId: carId,
      slotDate: `${slot}_12_2026`,
      slotTime: '9:30 AM',
      status: 'paid',
    });
    await db
      .update(appointments)
      .set({ phone, smsConsentAt: consented ? NOW : null })
      .where(eq(appointments.id, id));
    return id;
  }
  const textsOf = (appointmentId: string) =>
    db
      .select()
      .from(outboxMessages)
      .where(
        and(eq(outboxMessages.appointmentId, appointmentId), eq(outboxMessages.channel, 'sms')),
      );
  const moved = (appointmentId: string) =>
    db.transaction((tx) =>
      record(tx, {
        kind: 'rescheduled',
        appointmentId,
        at: NOW,
        previousSlotStart: new Date('2026-12-20T14:30:00Z'),
      }),
    );
  const deliverTexts = () =>
    deliverDueMessages(db, channels, { email: EMAIL, now: NOW, log: silent }).then(async () => {
      // The emails of these rides are not this test's: take them off the queue.
      await db
        .update(outboxMessages)
        .set({ status: 'sent' })
        .where(eq(outboxMessages.channel, 'email'));
    });

  /** A form Twilio would post, signed with the account's token (or not). */
  const inbound = (params: Record<string, string>, signature?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature':
          signature ??
          twilio.getExpectedTwilioSignature(TWILIO.authToken, `${BASE}/api/sms/inbound`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  const sms = (from: string, body: string) => ({
    MessageSid: `SM${'0'.repeat(32)}`,
    AccountSid: TWILIO.accountSid,
    From: from,
    To: TWILIO.from,
    Body: body,
  });

  it('texts a consenting customer through the Twilio SDK, and only a consenting one', async () => {
    const yes = await ride('781-555-0101');
    const no = await ride('781-555-0102', false);
    await moved(yes);
    await moved(no);
    expect(await textsOf(no)).toEqual([]);
    await db
      .update(outboxMessages)
      .set({ status: 'sent' })
      .where(eq(outboxMessages.channel, 'email'));
    const before = standIn.texts.length;
    await deliverTexts();
    const sent = standIn.texts.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      accountSid: TWILIO.accountSid,
      auth: `${TWILIO.accountSid}:${TWILIO.authToken}`,
      to: '+17815550101',
      from: TWILIO.from,
    });
    expect(sent[0]?.body).toMatch(
      /^Norfolk Rides: your ride has moved to December 1, 2026, 9:30 AM \(New York time\), until \d{1,2}:\d{2} [AP]M\./,
    );
    expect(sent[0]?.body).toContain('Reply STOP to opt out.');
    // Which ride: the car, the booking reference and the ride's page.
    const [car] = await db.select({ name: services.name }).from(services).limit(1);
    expect(sent[0]?.body).toContain(`${car?.name}, ref ${bookingReference(yes)}. Details: `);
    expect(sent[0]?.body).toContain(`/my-appointments/${yes} `);
    const [row] = await textsOf(yes);
    expect([row?.status, row?.providerMessageId]).toEqual(['sent', sent[0]?.sid]);
  });

  it('keeps a refused text for a retry, with Twilio’s code and not the number', async () => {
    const id = await ride('781-555-0103');
    await moved(id);
    standIn.refuseNext(1);
    await deliverTexts();
    const [row] = await textsOf(id);
    expect(row?.status).toBe('pending');
    expect(row?.lastError).toContain('code 21211');
    expect(row?.lastError).toContain('HTTP 400');
    expect(row?.lastError).not.toContain('555');
  });

  it('never texts a number that said STOP until it says START; refuses a forged STOP', async () => {
    const phone = '+17815550104';
    const id = await ride('781-555-0104');

    const forged = await inbound(sms(phone, 'STOP'), 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ success: false, message: FORGED_WEBHOOK_MESSAGE });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(sms(phone, 'STOP')).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);

    // A text already written, then STOP: it is not sent; nor is any text written after.
    await moved(id);
    const stop = await inbound(sms(phone, ' stop '));
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toHaveLength(1);
    await moved(id);
    const before = standIn.texts.length;
    await deliverTexts();
    expect(standIn.texts.slice(before).filter((t) => t.to === phone)).toEqual([]);
    expect((await textsOf(id)).map((r) => [r.status, r.lastError])).toEqual([
      ['sent', 'not sent: number opted out'],
    ]);

    expect((await inbound(sms(phone, 'START'))).statusCode).toBe(200);
    expect(await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);
    await moved(id);
    await deliverTexts();
    expect(standIn.texts.slice(before).filter((t) => t.to === phone)).toHaveLength(1);
  });

  it('answers HELP with who we are and how to stop', async () => {
    const help = await inbound(sms('+17815550105', 'help'));
    expect(help.statusCode).toBe(200);
    expect(help.body).toContain('<Message>');
    expect(help.body).toContain(DEFAULT_BUSINESS.phone);
    expect(help.body).toContain('Reply STOP to opt out.');
  });
});
