import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { outboxMessages, services, users, type Database } from '@app/db';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { messageRecorder } from './record-messages.ts';

const AT = new Date('2026-11-25T14:00:00Z');
const OWNER = 'desk@norfolkrides.example';

describe.each(await databaseKinds())('recording messages on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let rideId: string;
  let customerEmail: string;
  const record = messageRecorder({ ownerEmail: OWNER });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    const userId = await insertUser(db);
    [{ customerEmail }] = (await db
      .select({ customerEmail: users.email })
      .from(users)
      .where(eq(users.id, userId))) as [{ customerEmail: string }];
    const [car] = (await db.select({ id: services.id }).from(services).limit(1)) as [
      { id: string },
    ];
    rideId = await insertAppointment(db, {
      userId,
      serviceId: car.id,
      slotDate: '2_12_2026',
      slotTime: '9:30 AM',
      status: 'paid',
    });
  });
  afterAll(() => database.drop());

  const rowsOf = (template: string) =>
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
});
