import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { reviews, type Database } from '@app/db';
import { REVIEW_MESSAGES } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';

/*
 * The owner's two answers to a review: a public reply (written, changed or cleared) and hiding
 * it with a reason (or showing it again). Each is one transaction: the row locked, changed, and
 * the audit event with what it was before.
 */

interface Context {
  actor: AuditActor;
  now: Date;
}

async function lockReview(tx: Database, id: string) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row) throw AppError.notFound(REVIEW_MESSAGES.notFound);
  return row;
}

/** Writes, changes or (with empty text) clears the owner's public reply. */
export async function replyToReview(
  db: Database,
  input: { id: string; text: string },
  { actor, now }: Context,
): Promise<'replied' | 'cleared' | 'unchanged'> {
  return db.transaction(async (tx) => {
    const row = await lockReview(tx, input.id);
    const text = input.text === '' ? null : input.text;
    if (text === row.replyText) return 'unchanged';
    await tx
      .update(reviews)
      .set(
        text === null
          ? { replyText: null, repliedAt: null, repliedBy: null }
          : { replyText: text, repliedAt: now, repliedBy: actor.label },
      )
      .where(eq(reviews.id, input.id));
    await recordAudit(tx, {
      actor,
      at: now,
      action: text === null ? 'review.reply_cleared' : 'review.replied',
      serviceId: row.serviceId,
      appointmentId: row.appointmentId,
      before: { reviewId: row.id, reply: row.replyText },
      after: { reviewId: row.id, reply: text },
    });
    return text === null ? 'cleared' : 'replied';
  });
}

/** Hides a shown review with the owner's reason; hiding a hidden one changes nothing. */
export async function hideReview(
  db: Database,
  input: { id: string; reason: string },
  { actor, now }: Context,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockReview(tx, input.id);
    const [changed] = await tx
      .update(reviews)
      .set({ hiddenAt: now, hiddenReason: input.reason, hiddenBy: actor.label })
      .where(and(eq(reviews.id, input.id), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id });
    if (!changed) return false;
    await recordAudit(tx, {
      actor,
      at: now,
      action: 'review.hidden',
      serviceId: row.serviceId,
      appointmentId: row.appointmentId,
      before: { reviewId: row.id, hidden: false },
      after: { reviewId: row.id, hidden: true, reason: input.reason },
    });
    return true;
  });
}

/** Shows a hidden review again; its reason goes with the hiding (the audit trail keeps it). */
export async function unhideReview(db: Database, id: string, { actor, now }: Context) {
  return db.transaction(async (tx) => {
    const row = await lockReview(tx, id);
    const [changed] = await tx
      .update(reviews)
      .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
      .where(and(eq(reviews.id, id), isNotNull(reviews.hiddenAt)))
      .returning({ id: reviews.id });
    if (!changed) return false;
    await recordAudit(tx, {
      actor,
      at: now,
      action: 'review.unhidden',
      serviceId: row.serviceId,
      appointmentId: row.appointmentId,
      before: { reviewId: row.id, hidden: true, reason: row.hiddenReason },
      after: { reviewId: row.id, hidden: false },
    });
    return true;
  });
}
