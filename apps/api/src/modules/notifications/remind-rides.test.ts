import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appointments, outboxMessages, services, type Database } from '@app/db';
import { slotStartsAt } from '@app/shared';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { createClock, HOUR } from '../../test/clock.ts';
import { fixtureStretchAt, insertAppointment, insertUser } from '../../test/fixtures.ts';
import { messageRecorder } from './record-messages.ts';
import { REMINDER_DEFAULTS, remindRides } from './remind-rides.ts';

const record = messageRecorder({ ownerEmail: 'desk@norfolkrides.example' });

describe.each(await databaseKinds())('reminders on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let carId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    [{ id: carId }] = (await db.select({ id: services.id }).from(services).limit(1)) as [
      { id: string },
    ];
  });
  afterAll(() => database.drop());

  /** A ride paid well ahead (a week before its pickup), as most are. */
  async function paidRide(date: string, time: string) {
    const userId = await insertUser(db);
    const id = await insertAppointment(db, {
      userId,
      serviceId: carId,
      slotDate: date,
      slotTime: time,
      status: 'paid',
    });
    const slotStart = slotStartsAt(date, time) as Date;
    await db
      .update(appointments)
      .set({ paidAt: new Date(slotStart.getTime() - 7 * 24 * HOUR), smsConsentAt: slotStart })
      .where(eq(appointments.id, id));
    return { id, slotStart };
  }
  const remindersOf = async (id: string) =>
    (
      await db
        .select({ template: outboxMessages.template, channel: outboxMessages.channel })
        .from(outboxMessages)
        .where(eq(outboxMessages.appointmentId, id))
    )
      .map((r) => `${r.template}/${r.channel}`)
      .sort();

  it.each([
    // 24 real hours before 9:30 AM EDT on the day clocks spring forward is 8:30 AM EST.
    ['spring forward', '8_3_2026', '9:30 AM', '2026-03-07T13:30:00Z'],
    // And before 9:30 AM EST the day they fall back, 10:30 AM EDT.
    ['fall back', '1_11_2026', '9:30 AM', '2026-10-31T14:30:00Z'],
  ])(
    'sends the day-before reminder 24 hours before pickup across %s, once',
    async (_label, date, time, due) => {
      const ride = await paidRide(date, time);
      const dueAt = new Date(due);
      expect(ride.slotStart.getTime() - dueAt.getTime()).toBe(24 * HOUR);
      await remindRides(db, record, new Date(dueAt.getTime() - 1000));
      expect(await remindersOf(ride.id)).toEqual([]);
      await remindRides(db, record, dueAt);
      expect(await remindersOf(ride.id)).toEqual(['reminder_24h/email']);
      // Claimed: later runs (or another instance's) do not write it again.
      await remindRides(db, record, new Date(dueAt.getTime() + 60_000));
      expect(await remindersOf(ride.id)).toEqual(['reminder_24h/email']);
    },
  );

  it('sends the two-hour reminder, texted too, 2 real hours before a pickup just after the clocks jump', async () => {
    // 3:30 AM EDT on March 8 is 07:30Z; two hours before is 12:30 AM EST (not 1:30 AM).
    const ride = await paidRide('8_3_2026', '3:30 AM');
    expect(ride.slotStart.toISOString()).toBe('2026-03-08T07:30:00.000Z');
    const clock = createClock(new Date('2026-03-08T05:29:00Z'));
    await remindRides(db, record, clock.now());
    expect(await remindersOf(ride.id)).toEqual(['reminder_24h/email']);
    clock.advance(60_000);
    await remindRides(db, record, clock.now());
    expect(await remindersOf(ride.id)).toEqual([
      'reminder_24h/email',
      'reminder_2h/email',
      'reminder_2h/sms',
    ]);
  });

  it('reminds no cancelled ride, and reminds a moved ride of its new time only', async () => {
    const cancelled = await paidRide('20_4_2026', '10:00 AM');
    await db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, cancelled.id));
    const moved = await paidRide('21_4_2026', '10:00 AM');
    const clock = createClock(new Date(moved.slotStart.getTime() - 24 * HOUR));
    await remindRides(db, record, clock.now());
    expect(await remindersOf(cancelled.id)).toEqual([]);
    expect(await remindersOf(moved.id)).toEqual(['reminder_24h/email']);

    // A reschedule moves the ride two days later and clears its reminders (as the reschedule does).
    const later = slotStartsAt('23_4_2026', '10:00 AM') as Date;
    await db
      .update(appointments)
      .set({
        ...fixtureStretchAt(later),
        slotDate: '23_4_2026',
        reminded24hAt: null,
        reminded2hAt: null,
      })
      .where(eq(appointments.id, moved.id));
    clock.advance(HOUR);
    await remindRides(db, record, clock.now());
    expect(await remindersOf(moved.id)).toEqual(['reminder_24h/email']);
    await remindRides(db, record, new Date(later.getTime() - 24 * HOUR));
    const rows = await db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.appointmentId, moved.id), eq(outboxMessages.channel, 'email')));
    expect(rows.map((r) => r.payload.slotStart).sort()).toEqual(
      [moved.slotStart.toISOString(), later.toISOString()].sort(),
    );
  });

  it('gives a ride paid inside the first window only the second reminder', async () => {
    const ride = await paidRide('5_5_2026', '10:00 AM');
    await db
      .update(appointments)
      .set({ paidAt: new Date(ride.slotStart.getTime() - 5 * HOUR) })
      .where(eq(appointments.id, ride.id));
    await remindRides(db, record, new Date(ride.slotStart.getTime() - 5 * HOUR));
    expect(await remindersOf(ride.id)).toEqual([]);
    await remindRides(db, record, new Date(ride.slotStart.getTime() - REMINDER_DEFAULTS.secondMs));
    expect(await remindersOf(ride.id)).toEqual(['reminder_2h/email', 'reminder_2h/sms']);
  });

  const cases = [25 * HOUR, 24 * HOUR - 1000, 2 * HOUR + 1000, 2 * HOUR, 10 * 60_000];
  it.each([
    // Paid 25 hours ahead: before both windows opened, so both reminders.
    ['25 hours', 25 * HOUR, ['reminder_24h/email'], ['reminder_2h/email', 'reminder_2h/sms']],
    // Paid 24 hours less a second ahead: inside the first window; the second still to come.
    ['just inside 24 hours', 24 * HOUR - 1000, [], ['reminder_2h/email', 'reminder_2h/sms']],
    // Paid a second before the second window opened: only the second reminder.
    ['2 hours and a second', 2 * HOUR + 1000, [], ['reminder_2h/email', 'reminder_2h/sms']],
    // Paid as the second window opened, or 10 minutes ahead: no reminder at all.
    ['2 hours', 2 * HOUR, [], []],
    ['10 minutes', 10 * 60_000, [], []],
  ])(
    'reminds a ride paid %s ahead only of windows opening after',
    async (_label, ahead, first, second) => {
      // Each case its own day: one car cannot be booked twice at once.
      const ride = await paidRide(`${19 + cases.indexOf(ahead)}_5_2026`, '10:00 AM');
      const paidAt = new Date(ride.slotStart.getTime() - ahead);
      await db.update(appointments).set({ paidAt }).where(eq(appointments.id, ride.id));
      const start = ride.slotStart.getTime();
      // Runs from the payment on: at it, as the first window opens (if after), and the second.
      for (const t of [paidAt.getTime(), start - REMINDER_DEFAULTS.firstMs])
        if (t >= paidAt.getTime() && t < start - REMINDER_DEFAULTS.secondMs)
          await remindRides(db, record, new Date(t));
      expect(await remindersOf(ride.id)).toEqual(first);
      for (const t of [paidAt.getTime(), start - REMINDER_DEFAULTS.secondMs, start - 60_000])
        if (t >= paidAt.getTime()) await remindRides(db, record, new Date(t));
      expect(await remindersOf(ride.id)).toEqual([...first, ...second].sort());
    },
  );

  it('claims each reminder once when runs race', async () => {
    const ride = await paidRide('12_5_2026', '10:00 AM');
    const now = new Date(ride.slotStart.getTime() - 20 * HOUR);
    await Promise.all(Array.from({ length: 4 }, () => remindRides(db, record, now)));
    expect(await remindersOf(ride.id)).toEqual(['reminder_24h/email']);
  });
});
