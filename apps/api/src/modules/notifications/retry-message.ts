import { and, eq } from 'drizzle-orm';
import { appointments, outboxMessages, type Database } from '@app/db';
import { NOT_FAILED_MESSAGE, NOT_FOUND_MESSAGE } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { usE164 } from './sms/us-phone.ts';

/**
 * An owner's retry of a failed message: back to pending, due now, with its attempts afresh, in
 * one conditional update (two clicks retry it once) and the audit event in its transaction. A
 * customer's text goes to the ride's phone as it is now, so correcting it first fixes the cause.
 */
export async function retryMessage(
  db: Database,
  id: string,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [retried] = await tx
      .update(outboxMessages)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'failed')))
      .returning({
        appointmentId: outboxMessages.appointmentId,
        template: outboxMessages.template,
        channel: outboxMessages.channel,
        audience: outboxMessages.audience,
        lastError: outboxMessages.lastError,
      });
    if (!retried) {
      const [exists] = await tx
        .select({ id: outboxMessages.id })
        .from(outboxMessages)
        .where(eq(outboxMessages.id, id));
      throw exists ? AppError.conflict(NOT_FAILED_MESSAGE) : AppError.notFound(NOT_FOUND_MESSAGE);
    }
    // The cause fixed first (the ride's phone corrected): a customer's text goes to the number
    // the ride has now.
    if (retried.channel === 'sms' && retried.audience === 'customer' && retried.appointmentId) {
      const [ride] = await tx
        .select({ phone: appointments.phone })
        .from(appointments)
        .where(eq(appointments.id, retried.appointmentId));
      const phone = ride && usE164(ride.phone);
      if (phone) {
        await tx.update(outboxMessages).set({ recipient: phone }).where(eq(outboxMessages.id, id));
      }
    }
    await recordAudit(tx, {
      actor,
      action: 'message.retried',
      at: now,
      appointmentId: retried.appointmentId,
      // What the message was, not whom it was for: the trail keeps no addresses.
      before: {
        messageId: id,
        template: retried.template,
        channel: retried.channel,
        status: 'failed',
        lastError: retried.lastError,
      },
      after: { messageId: id, status: 'pending' },
    });
  });
}
