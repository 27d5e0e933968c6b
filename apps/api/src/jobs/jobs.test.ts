import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import {
  appointments,
  emailVerifications,
  passwordResets,
  sandboxCheckouts,
  sandboxRefunds,
  sessions,
  users,
} from '@app/db';
import { hashToken, newToken } from '../lib/tokens.ts';
import { createSession } from '../modules/auth/sessions.ts';
import { serviceIdByName } from '../test/booking.ts';
import { DAY, MINUTE } from '../test/clock.ts';
import { testConfig } from '../test/config.ts';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../test/databases.ts';
import { insertAppointment, insertUser } from '../test/fixtures.ts';
import type { PaymentProvider } from '../modules/payments/payment-provider.ts';
import { requestRefund } from '../modules/payments/refunds.ts';
import { createSandboxProvider } from '../modules/payments/sandbox-provider.ts';
import { JOBS, startJobs, type Job } from './jobs.ts';

const NOW = new Date('2026-11-22T15:07:00Z');
const silentLog = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
/** For the jobs that never pay or refund. */
const noPayments = {} as PaymentProvider;

function job(name: string): Job {
  const found = JOBS.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no job named ${name}`);
  return found;
}

describe.each(await databaseKinds())('background jobs on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('release-expired-holds runs at start and every minute, and releases only holds past their time', async () => {
    const { db } = database.handle;
    const releaseHolds = job('release-expired-holds');
    expect(releaseHolds).toMatchObject({ every: MINUTE, atStart: true });

    const userId = await insertUser(db);
    const serviceId = await serviceIdByName(db, 'Tesla Model S');
    const slot = (slotTime: string) => ({ userId, serviceId, slotDate: '23_11_2026', slotTime });
    const ranOut = await insertAppointment(db, {
      ...slot('9:00 AM'),
      status: 'pending_payment',
      holdExpiresAt: new Date(NOW.getTime() - MINUTE),
    });
    const stillHeld = await insertAppointment(db, {
      ...slot('9:30 AM'),
      status: 'pending_payment',
      holdExpiresAt: new Date(NOW.getTime() + MINUTE),
    });
    const paid = await insertAppointment(db, {
      ...slot('10:00 AM'),
      status: 'paid',
      holdExpiresAt: new Date(NOW.getTime() - DAY),
    });

    const changes = await releaseHolds.run({ db, payments: noPayments, log: silentLog }, NOW);
    expect(changes).toEqual([
      { appointmentId: ranOut, userId, from: 'pending_payment', to: 'expired', at: NOW },
    ]);
    const rows = await db
      .select({
        id: appointments.id,
        status: appointments.status,
        updatedAt: appointments.updatedAt,
      })
      .from(appointments)
      .where(inArray(appointments.id, [ranOut, stillHeld, paid]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ranOut)).toMatchObject({ status: 'expired', updatedAt: NOW });
    expect(byId.get(stillHeld)?.status).toBe('pending_payment');
    expect(byId.get(paid)?.status).toBe('paid');

    // A second run finds nothing left to release.
    expect(await releaseHolds.run({ db, payments: noPayments, log: silentLog }, NOW)).toEqual([]);
  });

  it('issue-pending-refunds runs at start and every minute, and issues each decided refund once', async () => {
    const { db } = database.handle;
    const issueRefunds = job('issue-pending-refunds');
    expect(issueRefunds).toMatchObject({ every: MINUTE, atStart: true });

    const sandbox = createSandboxProvider({
      db,
      publicBaseUrl: 'http://localhost:3000',
      now: () => NOW,
    });
    const appointmentId = await insertAppointment(db, {
      userId: await insertUser(db),
      serviceId: await serviceIdByName(db, 'Tesla Model S'),
      slotDate: '23_11_2026',
      slotTime: '11:00 AM',
      status: 'expired',
    });
    const { id } = await sandbox.createCheckout({
      appointmentId,
      amountCents: 6600,
      productName: 'Tesla Model S booking deposit',
      customerEmail: 'ann@example.com',
      metadata: {},
      successUrl: 'http://localhost:3000/success',
      cancelUrl: 'http://localhost:3000/',
      expiresAt: new Date(NOW.getTime() + 31 * MINUTE),
      idempotencyKey: `checkout-${appointmentId}`,
    });
    await db
      .update(sandboxCheckouts)
      .set({ status: 'complete', paymentStatus: 'paid', paymentIntentId: `pi_sandbox_${id}` })
      .where(eq(sandboxCheckouts.id, id));
    const refundId = await requestRefund(db, {
      appointmentId,
      checkoutSessionId: id,
      paymentIntentId: `pi_sandbox_${id}`,
      amountCents: 6600,
      reason: 'late_payment',
      at: NOW,
    });

    const deps = { db, payments: sandbox, log: silentLog };
    const [issued] = (await issueRefunds.run(deps, NOW)) as { id: string; status: string }[];
    expect(issued).toMatchObject({ id: refundId, status: 'succeeded' });
    expect(await issueRefunds.run(deps, new Date(NOW.getTime() + DAY))).toEqual([]);
    expect(
      await db
        .select({ amountCents: sandboxRefunds.amountCents })
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentIntentId, `pi_sandbox_${id}`)),
    ).toEqual([{ amountCents: 6600 }]);
  });

  it('delete-expired-sessions runs every hour and deletes sessions, reset and confirmation links past their end', async () => {
    const { db } = database.handle;
    const deleteExpired = job('delete-expired-sessions');
    expect(deleteExpired.every).toBe(60 * MINUTE);

    const userId = await insertUser(db);
    const { maxAgeMs } = testConfig().session;
    const endedSession = await createSession(
      db,
      userId,
      new Date(NOW.getTime() - maxAgeMs - MINUTE),
      testConfig().session,
    );
    const liveSession = await createSession(db, userId, NOW, testConfig().session);
    const resetLink = (expiresAt: Date) => ({
      tokenHash: hashToken(newToken()),
      userId,
      expiresAt,
    });
    const oldLink = resetLink(new Date(NOW.getTime() - MINUTE));
    const freshLink = resetLink(new Date(NOW.getTime() + MINUTE));
    await db.insert(passwordResets).values([oldLink, freshLink]);
    const confirmationLink = (expiresAt: Date) => ({
      tokenHash: hashToken(newToken()),
      userId,
      email: 'someone@example.com',
      createdAt: NOW,
      expiresAt,
    });
    const oldConfirmation = confirmationLink(new Date(NOW.getTime() - MINUTE));
    const freshConfirmation = confirmationLink(new Date(NOW.getTime() + MINUTE));
    await db.insert(emailVerifications).values([oldConfirmation, freshConfirmation]);

    await deleteExpired.run({ db, payments: noPayments, log: silentLog }, NOW);
    const leftSessions = await db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, userId));
    expect(leftSessions).toEqual([{ tokenHash: hashToken(liveSession) }]);
    expect(leftSessions).not.toContainEqual({ tokenHash: hashToken(endedSession) });
    const leftLinks = await db
      .select({ tokenHash: passwordResets.tokenHash })
      .from(passwordResets)
      .where(eq(passwordResets.userId, userId));
    expect(leftLinks).toEqual([{ tokenHash: freshLink.tokenHash }]);
    expect(
      await db
        .select({ tokenHash: emailVerifications.tokenHash })
        .from(emailVerifications)
        .where(eq(emailVerifications.userId, userId)),
    ).toEqual([{ tokenHash: freshConfirmation.tokenHash }]);
    // The account itself stays.
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, userId))).toHaveLength(
      1,
    );
  });
});

describe('startJobs', () => {
  it('runs the start jobs before it answers, and logs a failed run instead of stopping', async () => {
    const runs: string[] = [];
    const warnings: unknown[] = [];
    const log = {
      warn: (fields: { job: string }, message: string) =>
        warnings.push({ job: fields.job, message }),
    } as unknown as FastifyBaseLogger;
    const hourly = 60 * MINUTE;
    const stop = await startJobs(
      [
        { name: 'at-start', every: hourly, atStart: true, run: async () => runs.push('at-start') },
        { name: 'broken', every: hourly, atStart: true, run: () => Promise.reject(new Error('x')) },
        { name: 'later', every: hourly, run: async () => runs.push('later') },
      ],
      { db: {} as never, payments: noPayments, log },
    );
    stop();
    expect(runs).toEqual(['at-start']);
    expect(warnings).toEqual([{ job: 'broken', message: 'job failed' }]);
  });
});
