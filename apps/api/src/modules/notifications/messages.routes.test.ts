import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditEvents, outboxMessages, type Database } from '@app/db';
import {
  FailedMessagesResponseSchema,
  NOT_FAILED_MESSAGE,
  NOT_FOUND_MESSAGE,
  DEFAULT_BUSINESS,
} from '@app/shared';
import { buildApp } from '../../app.ts';
import { NOT_SIGNED_IN_MESSAGE } from '../../errors.ts';
import { OWNER_ONLY_MESSAGE } from '../../plugins/auth.ts';
import {
  bookingRequest,
  bookOk,
  payThroughSandbox,
  serviceIdByName,
  signedInBrowser,
} from '../../test/booking.ts';
import { Browser, expectFailure, expectSuccess } from '../../test/browser.ts';
import { testConfig } from '../../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { signedInOwner } from '../../test/owners.ts';

const NOW = new Date('2026-11-22T15:07:00Z');

describe.each(await databaseKinds())('messages through the API on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let owner: Browser;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.handle.db;
    app = await buildApp({ config: testConfig(), db: database.handle, now: () => NOW });
    ({ browser: owner } = await signedInOwner(app, db, NOW));
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const rowsOf = (appointmentId: string) =>
    db.select().from(outboxMessages).where(eq(outboxMessages.appointmentId, appointmentId));

  /** A ride booked and paid on the sandbox page, then looked up by the success page too. */
  async function paidRide(slotTime: string) {
    const { browser, email } = await signedInBrowser(app, db, NOW, 'Ann Rider');
    const teslaS = await serviceIdByName(db, 'Tesla Model S');
    const appointmentId = await bookOk(
      browser,
      bookingRequest(teslaS, { slotDate: '1_12_2026', slotTime }),
    );
    const sessionId = await payThroughSandbox(app, browser, appointmentId);
    const details = await browser.get(`/api/user/stripe-payment-details?session_id=${sessionId}`);
    expect(details.statusCode, details.body).toBe(200);
    return { appointmentId, email };
  }

  it('writes a paid booking’s confirmation and the owner’s notice once, with the payment', async () => {
    const { appointmentId, email } = await paidRide('9:00 AM');
    const rows = await rowsOf(appointmentId);
    expect(
      rows.map((r) => [r.template, r.audience, r.channel, r.recipient, r.status]).sort(),
    ).toEqual([
      ['paid', 'customer', 'email', email, 'pending'],
      ['paid', 'owner', 'email', DEFAULT_BUSINESS.email, 'pending'],
    ]);
  });

  it('lets only an owner see failed messages', async () => {
    expectFailure(await new Browser(app).get('/api/admin/messages'), 401, NOT_SIGNED_IN_MESSAGE);
    const { browser: customer } = await signedInBrowser(app, db, NOW);
    expectFailure(await customer.get('/api/admin/messages'), 403, OWNER_ONLY_MESSAGE);
    expectFailure(
      await customer.post('/api/admin/messages/6d1c9b7e-1f0e-4a63-9f3e-2d3a4b5c6d7e/retry', {}),
      403,
      OWNER_ONLY_MESSAGE,
    );
  });

  it('lists a failed message and retries it once, recording the retry in the audit trail', async () => {
    const { appointmentId, email } = await paidRide('11:00 AM');
    const [customerRow] = (await rowsOf(appointmentId)).filter((r) => r.audience === 'customer');
    if (!customerRow) throw new Error('no customer message');
    await db
      .update(outboxMessages)
      .set({
        status: 'failed',
        attempts: 8,
        lastError: 'Error, code EENVELOPE, SMTP 550',
        updatedAt: NOW,
      })
      .where(eq(outboxMessages.id, customerRow.id));

    const listed = await owner.get('/api/admin/messages');
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const { messages } = FailedMessagesResponseSchema.parse(listed.json());
    expect(messages).toContainEqual({
      id: customerRow.id,
      channel: 'email',
      audience: 'customer',
      template: 'paid',
      recipient: email,
      appointmentId,
      attempts: 8,
      lastError: 'Error, code EENVELOPE, SMTP 550',
      failedAt: NOW.toISOString(),
    });

    expectSuccess(
      await owner.post(`/api/admin/messages/${customerRow.id}/retry`, {}),
      'The message will be sent again shortly.',
    );
    const [retried] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, customerRow.id));
    expect([retried?.status, retried?.attempts, retried?.nextAttemptAt.getTime()]).toEqual([
      'pending',
      0,
      NOW.getTime(),
    ]);
    const trail = await db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'message.retried'),
          eq(auditEvents.appointmentId, appointmentId),
        ),
      );
    expect(trail).toHaveLength(1);
    expect(trail[0]?.before).toMatchObject({ messageId: customerRow.id, status: 'failed' });
    expect(JSON.stringify(trail[0])).not.toContain(email);

    // A second click finds nothing failed: refused, and nothing more in the trail.
    expectFailure(
      await owner.post(`/api/admin/messages/${customerRow.id}/retry`, {}),
      409,
      NOT_FAILED_MESSAGE,
    );
    const after = FailedMessagesResponseSchema.parse(
      (await owner.get('/api/admin/messages')).json(),
    );
    expect(after.messages.map((m) => m.id)).not.toContain(customerRow.id);
  });

  it('answers 404 for an unknown message and 400 for a malformed id', async () => {
    expectFailure(
      await owner.post('/api/admin/messages/6d1c9b7e-1f0e-4a63-9f3e-2d3a4b5c6d7e/retry', {}),
      404,
      NOT_FOUND_MESSAGE,
    );
    expectFailure(
      await owner.post('/api/admin/messages/not-an-id/retry', {}),
      400,
      'Invalid message id',
    );
  });
});
