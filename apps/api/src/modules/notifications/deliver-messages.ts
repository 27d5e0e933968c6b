import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { outboxMessages, pushSubscriptions, type Database } from '@app/db';
import type { RideEmailSettings } from '../../email/ride-facts.ts';
import type { Mailer } from '../../email/transport.ts';
import { composeMessage, type OutboxMessage } from './compose-message.ts';
import type { PushSender } from './push/push-sender.ts';
import { recordPush } from './push/record-push.ts';
import type { SmsSender } from './sms/sms-sender.ts';

export interface DeliverySettings {
  /** Rows sent by one run, at most. */
  batchSize: number;
  /**
   * How long a claimed row stays out of other senders' reach: longer than any one send takes
   * (rows are claimed one at a time, so the lease covers one send, never a batch). A sender
   * that dies mid-send gives its row back when the lease ends.
   */
  leaseMs: number;
  /** Attempts before a row is `failed` (the owner's console offers a retry). */
  maxAttempts: number;
  /** The wait after the first failure; doubled after each next one, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DELIVERY_DEFAULTS: DeliverySettings = {
  batchSize: 20,
  leaseMs: 5 * 60_000,
  maxAttempts: 8,
  backoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
};

export interface MessageChannels {
  mailer: Mailer;
  sms: SmsSender;
  /** Web push to staff; a test that records no pushes may leave it out (a push row then fails). */
  push?: PushSender;
}

interface DeliveryLog {
  warn(obj: object, msg: string): void;
}

/** The wait before the next attempt after `attempts` failed ones. */
export const backoffAfter = (attempts: number, settings: DeliverySettings) =>
  Math.min(settings.backoffMs * 2 ** Math.max(0, attempts - 1), settings.maxBackoffMs);

/**
 * Takes due rows for this sender in one statement: each row's lease (its next attempt pushed
 * `leaseMs` ahead) and attempt count are committed before anything is sent, so another
 * instance does not see it as due, and a sender killed mid-send leaves it to come back when the
 * lease ends. SKIP LOCKED lets two instances claiming at once take different rows, not wait.
 */
export async function claimDueMessages(
  db: Database,
  now: Date,
  settings: Pick<DeliverySettings, 'leaseMs'> & { batchSize: number },
): Promise<OutboxMessage[]> {
  // Locked, then leased, in one short transaction. (Not `UPDATE … WHERE id IN (SELECT … LIMIT n
  // FOR UPDATE SKIP LOCKED)`: PostgreSQL may run that subquery again per row and lease more.)
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, now)))
      .orderBy(asc(outboxMessages.nextAttemptAt))
      .limit(settings.batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxMessages)
      .set({
        attempts: sql`${outboxMessages.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + settings.leaseMs),
        updatedAt: now,
      })
      .where(
        inArray(
          outboxMessages.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** The row as this sender claimed it: a mark lands only while that claim is still the latest. */
const stillOurs = (row: OutboxMessage) =>
  and(
    eq(outboxMessages.id, row.id),
    eq(outboxMessages.status, 'pending'),
    eq(outboxMessages.attempts, row.attempts),
  );

/**
 * One run of the `deliver-messages` job: claims due rows, sends each (email or text), marks it
 * sent, or schedules its retry with backoff, or after the last attempt marks it failed. The
 * only duplicate possible: the process dies after the provider took a message and before its
 * row is marked; the lease ends and the row is sent again.
 */
export async function deliverDueMessages(
  db: Database,
  channels: MessageChannels,
  options: {
    email: RideEmailSettings;
    now: Date;
    log: DeliveryLog;
    settings?: DeliverySettings;
    /** The time of each claim and mark (the job's: the real clock); `now` otherwise. */
    clock?: () => Date;
  },
): Promise<{ sent: number; retrying: number; failed: number }> {
  const settings = options.settings ?? DELIVERY_DEFAULTS;
  const clock = options.clock ?? (() => options.now);
  const outcome = { sent: 0, retrying: 0, failed: 0 };
  for (let taken = 0; taken < settings.batchSize; taken++) {
    // One row per claim: its lease starts now and covers this one send, not those before it.
    const now = clock();
    const [row] = await claimDueMessages(db, now, { leaseMs: settings.leaseMs, batchSize: 1 });
    if (!row) break;
    try {
      const composed = await composeMessage(db, row, options.email, now);
      let providerMessageId: string | null = null;
      let note: string | null = null;
      if ('skip' in composed) note = `not sent: ${composed.skip}`;
      else if (composed.channel === 'email') await channels.mailer.send(composed.mail);
      else if (composed.channel === 'sms')
        providerMessageId = (await channels.sms.send(composed.text)).id;
      else {
        if (!channels.push) throw new Error('No push sender');
        const pushed = await channels.push.send(composed.target, composed.payload);
        // The push service forgot the browser (unsubscribed, uninstalled): so do we.
        if (pushed === 'gone') {
          await db
            .delete(pushSubscriptions)
            .where(eq(pushSubscriptions.id, composed.subscriptionId));
          note = 'not sent: subscription gone';
        }
      }
      await db
        .update(outboxMessages)
        .set({
          status: 'sent',
          sentAt: clock(),
          updatedAt: clock(),
          providerMessageId,
          lastError: note,
        })
        .where(stillOurs(row));
      outcome.sent += 1;
    } catch (error) {
      const failed = row.attempts >= settings.maxAttempts;
      const lastError = describeFailure(error);
      await db.transaction(async (tx) => {
        const [marked] = await tx
          .update(outboxMessages)
          .set({
            status: failed ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + backoffAfter(row.attempts, settings)),
            lastError,
            updatedAt: now,
          })
          .where(stillOurs(row))
          .returning({ id: outboxMessages.id });
        // The owners hear of a message that failed for good, with it. Not of a failed push:
        // that would be a push about a push, and the console lists only emails and texts.
        if (marked && failed && row.channel !== 'push')
          await recordPush(tx, {
            kind: 'message_failed',
            appointmentId: row.appointmentId,
            at: now,
            failed: { template: row.template, channel: row.channel },
          });
      });
      if (failed) outcome.failed += 1;
      else outcome.retrying += 1;
      // The row's id, template and the provider's code: never its recipient or body.
      options.log.warn(
        {
          messageId: row.id,
          template: row.template,
          channel: row.channel,
          attempts: row.attempts,
          error: lastError,
        },
        failed ? 'message failed for good' : 'message not sent: will retry',
      );
    }
  }
  return outcome;
}

/**
 * What the owner's console and the logs say of a failure: the provider's codes, never its
 * message (an SMTP refusal quotes the address, Twilio's may quote the number).
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const e = error as Error & {
    code?: unknown;
    responseCode?: unknown;
    status?: unknown;
    command?: unknown;
  };
  const parts = [e.name];
  if (typeof e.code === 'string' || typeof e.code === 'number') parts.push(`code ${e.code}`);
  if (typeof e.responseCode === 'number') parts.push(`SMTP ${e.responseCode}`);
  if (typeof e.command === 'string') parts.push(`at ${e.command}`);
  if (typeof e.status === 'number') parts.push(`HTTP ${e.status}`);
  // web-push's WebPushError (its message and body may quote the endpoint: left out).
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  if (typeof statusCode === 'number') parts.push(`HTTP ${statusCode}`);
  return parts.join(', ');
}
