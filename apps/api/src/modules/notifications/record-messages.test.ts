import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { appointments, outboxMessages, services, users, type Database } from '@app/db';
import {
  MESSAGE_ROUTES,
  RIDE_TEMPLATES,
  type MessageTemplate,
  type RideTemplate,
} from '@app/shared';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { messageRecorder, type AppointmentEvent } from './record-messages.ts';

const AT = new Date('2026-11-25T14:00:00Z');
const OWNER = 'desk@norfolkrides.example';

describe.each(await databaseKinds())('recording messages on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let rideId: string;
  let userId: string;
  let carId: string;
  let customerEmail: string;
  const record = messageRecorder({ ownerEmail: OWNER });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    userId = await insertUser(db);
    [{ customerEmail }] = (await db
      .select({ customerEmail: users.email })
      .from(users)
      .where(eq(users.id, userId))) as [{ customerEmail: string }];
    const [car] = (await db.select({ id: services.id }).from(services).limit(1)) as [
      { id: string },
    ];
    carId = car.id;
    rideId = await insertAppointment(db, {
      userId,
      serviceId: car.id,
      slotDate: '2_12_2026',
      slotTime: '9:30 AM',
      status: 'paid',
    });
  });
  afterAll(() => database.drop());

  const rowsOf = (template: MessageTemplate) =>
    db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, template))
      .orderBy(asc(outboxMessages.audience));

  it('writes the customer and the owner a due email for a booking paid', async () => {
    await db.transaction((tx) => record(tx, { kind: 'paid', appointmentId: rideId, at: AT }));
    const rows = await rowsOf('paid');
    expect(rows.map((r) => [r.audience, r.channel, r.recipient, r.status])).toEqual([
      ['customer', 'email', customerEmail, 'pending'],
      ['owner', 'email', OWNER, 'pending'],
    ]);
    expect(rows.every((r) => r.nextAttemptAt.getTime() === AT.getTime())).toBe(true);
  });

  it('keeps what the row alone knows, and tells only the customer of a finished ride', async () => {
    const previousSlotStart = new Date('2026-12-01T14:30:00Z');
    await db.transaction(async (tx) => {
      await record(tx, { kind: 'rescheduled', appointmentId: rideId, at: AT, previousSlotStart });
      await record(tx, { kind: 'completed', appointmentId: rideId, at: AT });
    });
    const [moved] = await rowsOf('rescheduled');
    expect(moved?.payload).toEqual({ previousSlotStart: previousSlotStart.toISOString() });
    expect((await rowsOf('completed')).map((r) => r.audience)).toEqual(['customer']);
  });

  it('writes nothing when the change it belongs to rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await record(tx, {
          kind: 'cancelled',
          appointmentId: rideId,
          at: AT,
          by: 'owner',
          refundCents: 5000,
        });
        throw new Error('the cancellation failed');
      }),
    ).rejects.toThrow('the cancellation failed');
    expect(await rowsOf('cancelled')).toEqual([]);
  });

  it('writes each template to whom the routing table says, by the channels it says', async () => {
    // Who gets what (docs/product.md): the customer an email of each; the business of each
    // booking and change of plan; a customer who agreed to texts a text of the last reminder
    // and of each change of plan.
    const expected: Record<RideTemplate, string[]> = {
      paid: ['customer/email', 'owner/email'],
      reminder_24h: ['customer/email'],
      reminder_2h: ['customer/email', 'customer/sms'],
      rescheduled: ['customer/email', 'customer/sms', 'owner/email'],
      details_changed: ['customer/email'],
      cancelled: ['customer/email', 'customer/sms', 'owner/email'],
      completed: ['customer/email'],
      bill_sent: ['customer/email', 'customer/sms'],
      bill_payment_due: ['customer/email', 'customer/sms', 'owner/email'],
      bill_paid: ['customer/email'],
      on_my_way: ['customer/email', 'customer/sms'],
      arrived: ['customer/email', 'customer/sms'],
    };
    const tapFacts = {
      chauffeurFirstName: 'Dana',
      plate: '',
      tripUrl: 'https://example.com/trip/x',
    };
    const texted = await insertAppointment(db, {
      userId,
      serviceId: carId,
      slotDate: '3_12_2026',
      slotTime: '9:30 AM',
      status: 'paid',
    });
    await db.update(appointments).set({ smsConsentAt: AT }).where(eq(appointments.id, texted));
    const slotStart = new Date('2026-12-03T14:30:00Z');
    const events: AppointmentEvent[] = [
      { kind: 'paid', appointmentId: texted, at: AT },
      { kind: 'reminder_24h', appointmentId: texted, at: AT, slotStart },
      { kind: 'reminder_2h', appointmentId: texted, at: AT, slotStart },
      { kind: 'rescheduled', appointmentId: texted, at: AT, previousSlotStart: slotStart },
      {
        kind: 'details_changed',
        appointmentId: texted,
        at: AT,
        fields: ['phone number'],
        reason: 'Asked by phone.',
      },
      { kind: 'cancelled', appointmentId: texted, at: AT, by: 'customer', refundCents: 0 },
      { kind: 'completed', appointmentId: texted, at: AT },
      { kind: 'bill_sent', appointmentId: texted, at: AT, totalCents: 30000, balanceCents: 20000 },
      {
        kind: 'bill_payment_due',
        appointmentId: texted,
        at: AT,
        amountCents: 24000,
        linkUrl: 'https://example.com/pay',
      },
      { kind: 'bill_paid', appointmentId: texted, at: AT, amountCents: 24000, tipCents: 4000 },
      { kind: 'on_my_way', appointmentId: texted, at: AT, ...tapFacts },
      { kind: 'arrived', appointmentId: texted, at: AT, ...tapFacts },
    ];
    expect(events.map((e) => e.kind)).toEqual(RIDE_TEMPLATES);
    await db.transaction(async (tx) => {
      for (const event of events) await record(tx, event);
    });

    const recorded = Object.fromEntries(RIDE_TEMPLATES.map((t) => [t, [] as string[]]));
    for (const r of await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.appointmentId, texted)))
      recorded[r.template]?.push(`${r.audience}/${r.channel}`);
    for (const routed of Object.values(recorded)) routed.sort();
    expect(recorded).toEqual(expected);

    const routed = Object.fromEntries(
      RIDE_TEMPLATES.map((t) => {
        const route: { ownerEmail: boolean; text: boolean } = MESSAGE_ROUTES[t];
        return [
          t,
          [
            'customer/email',
            ...(route.text ? ['customer/sms'] : []),
            ...(route.ownerEmail ? ['owner/email'] : []),
          ],
        ];
      }),
    );
    expect(routed).toEqual(expected);
  });

  it('refuses a template the routing table does not know', async () => {
    const row = {
      channel: 'email' as const,
      audience: 'customer' as const,
      template: 'booking_confirmed' as MessageTemplate,
      recipient: customerEmail,
      appointmentId: rideId,
      nextAttemptAt: AT,
      createdAt: AT,
      updatedAt: AT,
    };
    await expect(db.insert(outboxMessages).values(row)).rejects.toMatchObject({
      cause: { code: '23514', constraint: 'outbox_template_known' },
    });
    await db.insert(outboxMessages).values({ ...row, template: 'completed' });
  });
});
