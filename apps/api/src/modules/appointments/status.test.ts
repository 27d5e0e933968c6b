import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceIdByName, appointmentRow } from '../../test/booking.ts';
import { openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { changeStatus } from './status.ts';

describe('appointment status changes', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('refuses a change the transition table does not list, and writes nothing', async () => {
    const { db } = database.handle;
    const userId = await insertUser(db);
    const serviceId = await serviceIdByName(db, 'Tesla Model S');
    const id = await insertAppointment(db, {
      userId,
      serviceId,
      slotDate: '23_11_2026',
      slotTime: '11:00 AM',
      status: 'paid',
    });
    await expect(changeStatus(db, undefined, 'paid', 'expired', new Date())).rejects.toThrow(
      'An appointment cannot go from paid to expired',
    );
    expect((await appointmentRow(db, id)).status).toBe('paid');
  });
});
