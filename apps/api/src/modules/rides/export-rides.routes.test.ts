import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents, type Database } from '@app/db';
import { buildApp } from '../../app.ts';
import { serviceIdByName } from '../../test/booking.ts';
import { createClock } from '../../test/clock.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { insertAppointment, insertUser } from '../../test/fixtures.ts';
import { signedInOwner } from '../../test/owners.ts';

const NOW = new Date('2026-11-22T15:07:00Z'); // Sunday 10:07 AM in New York

/*
 * The rides' CSV carries every customer's name, email and phone: each export is written to the
 * audit trail (who, which filters, how many rows) and logged as a security event naming the
 * owner's id, nothing of the query.
 */
describe.each(await databaseKinds())('exporting rides, on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  const written: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({
      config: testConfig(),
      db: database.handle,
      now: createClock(NOW).now,
      logger: { level: 'info', stream: { write: (line) => written.push(line) } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('writes who exported which rides, and how many, to the audit trail and the log', async () => {
    const tesla = await serviceIdByName(db, 'Tesla Model S');
    const camry = await serviceIdByName(db, 'Toyota Camry');
    for (const [serviceId, slotTime] of [
      [tesla, '9:00 AM'],
      [tesla, '9:30 AM'],
      [camry, '9:00 AM'],
    ] as const) {
      await insertAppointment(db, {
        userId: await insertUser(db),
        serviceId,
        slotDate: '1_12_2026',
        slotTime,
        status: 'paid',
      });
    }
    const owner = await signedInOwner(app, db, NOW);

    const response = await owner.browser.get(
      `/api/admin/rides/export.csv?from=2026-12-01&serviceId=${tesla}&status=paid&q=customer`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body.trimEnd().split('\r\n')).toHaveLength(3);
    const everything = await owner.browser.get('/api/admin/rides/export.csv');
    expect(everything.statusCode, everything.body).toBe(200);

    const events = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'rides.exported'), eq(auditEvents.actorUserId, owner.userId)),
      );
    expect(
      events.map(({ actorLabel, serviceId, after }) => ({ actorLabel, serviceId, after })),
    ).toEqual(
      expect.arrayContaining([
        {
          actorLabel: owner.email,
          serviceId: tesla,
          after: { from: '2026-12-01', status: 'paid', search: 'customer', rows: 2 },
        },
        // No filters: from today on, every car and status.
        { actorLabel: owner.email, serviceId: null, after: { from: '2026-11-22', rows: 3 } },
      ]),
    );
    expect(events).toHaveLength(2);

    const logged = written
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.reqId === response.headers['x-request-id']);
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'security event',
        event: 'rides.exported',
        outcome: 'success',
        userId: owner.userId,
      }),
    );
    const text = logged.map((line) => JSON.stringify(line)).join('\n');
    expect(text).not.toContain('customer');
    expect(text).not.toContain(owner.email);
  });
});
