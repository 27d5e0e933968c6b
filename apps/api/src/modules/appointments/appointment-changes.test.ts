import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments, auditEvents, outboxMessages, services, type Database } from '@app/db';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { CLI_ACTOR } from '../audit/record-audit.ts';
import { messageRecorder } from '../notifications/record-messages.ts';
import { createAppointmentChanges, type Transition } from './appointment-changes.ts';
import { changeStatus, type AppointmentChange } from './status.ts';

const AT = new Date('2026-11-25T14:00:00Z');

describe.each(await databaseKinds())('appointment changes on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let userId: string;
  let serviceId: string;
  let rideId: string;
  /** What happened, in order: each transaction's commit, and each telling. */
  let events: string[];
  let told: AppointmentChange[];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    userId = await insertUser(db);
    const [car] = (await db.select({ id: services.id }).from(services).limit(1)) as [
      { id: string },
    ];
    serviceId = car.id;
  });
  afterAll(() => database.drop());

  let day = 1;
  beforeEach(async () => {
    events = [];
    told = [];
    rideId = await insertAppointment(db, {
      userId,
      serviceId,
      slotDate: `${day++}_12_2026`,
      slotTime: '9:30 AM',
      status: 'paid',
    });
  });

  /** The runner as app.ts builds it, its database's commits and its tellings written down. */
  const changes = () =>
    createAppointmentChanges({
      db: {
        transaction: async (work: Parameters<Database['transaction']>[0]) => {
          const result = await db.transaction(work);
          events.push('committed');
          return result;
        },
      } as Database,
      recordMessages: messageRecorder({ ownerEmail: 'desk@norfolkrides.example' }),
      onChanged: (change) => {
        events.push('told');
        told.push(change);
      },
    });

  /** The owner marks the ride completed: its audit event and the customer's message. */
  const complete =
    (messageFor = () => rideId): Transition<string> =>
    async (tx) => {
      const [change] = await changeStatus(tx, eq(appointments.id, rideId), 'paid', 'completed', AT);
      return {
        change: change ?? null,
        consequences: {
          audit: [
            {
              actor: CLI_ACTOR,
              action: 'appointment.completed',
              at: AT,
              appointmentId: rideId,
              before: { status: 'paid' },
              after: { status: 'completed' },
            },
          ],
          message: { kind: 'completed', appointmentId: messageFor(), at: AT },
        },
        result: 'done',
      };
    };

  const statusOf = async (id: string) =>
    (await db.select().from(appointments).where(eq(appointments.id, id)))[0]?.status;
  const auditOf = (id: string) =>
    db.select().from(auditEvents).where(eq(auditEvents.appointmentId, id));
  const messagesOf = (id: string) =>
    db.select().from(outboxMessages).where(eq(outboxMessages.appointmentId, id));

  it('writes the consequences once in the change’s transaction, and tells after the commit', async () => {
    expect(await changes().run(complete())).toBe('done');

    expect(await statusOf(rideId)).toBe('completed');
    expect((await auditOf(rideId)).map((event) => event.action)).toEqual(['appointment.completed']);
    expect((await messagesOf(rideId)).map((row) => [row.template, row.audience])).toEqual([
      ['completed', 'customer'],
    ]);
    expect(events).toEqual(['committed', 'told']);
    expect(told).toEqual([
      { appointmentId: rideId, userId, from: 'paid', to: 'completed', at: AT },
    ]);
  });

  it('changes, writes and tells nothing when the transition throws', async () => {
    const failing: Transition<string> = async (tx) => {
      await complete()(tx);
      throw new Error('refused after the update');
    };
    await expect(changes().run(failing)).rejects.toThrow('refused after the update');

    expect(await statusOf(rideId)).toBe('paid');
    expect(await auditOf(rideId)).toEqual([]);
    expect(await messagesOf(rideId)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('undoes the change when its consequences cannot be written', async () => {
    // A message about a ride that does not exist: recordMessages refuses it, after the audit.
    const run = changes().run(complete(() => '00000000-0000-4000-8000-000000000000'));
    await expect(run).rejects.toThrow('No appointment');

    expect(await statusOf(rideId)).toBe('paid');
    expect(await auditOf(rideId)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('tells no one of a transition that changed nothing', async () => {
    await db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, rideId));
    // The conditional update finds no paid ride: no change, and here no consequences either.
    const nothing: Transition<string> = async (tx) => ({
      ...(await complete()(tx)),
      consequences: { audit: [], message: null },
    });
    expect(await changes().run(nothing)).toBe('done');

    expect(await statusOf(rideId)).toBe('cancelled');
    expect(events).toEqual(['committed']);
  });

  it('only tells of a change committed on its own', () => {
    const appointments = changes();
    appointments.committed(null);
    const change: AppointmentChange = {
      appointmentId: rideId,
      userId,
      from: null,
      to: 'pending_payment',
      at: AT,
    };
    appointments.committed(change);
    expect(events).toEqual(['told']);
    expect(told).toEqual([change]);
  });
});
