import { and, asc, eq, gt, or } from 'drizzle-orm';
import { appointments, blockCovers, blocks, services, users, type Database } from '@app/db';
import { BLOCK_MESSAGES, formatSlotDateLong, type Block, type BlockCreateInput } from '@app/shared';
import { AppError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { toBlockJson } from './list-blocks.ts';

export const SERVICE_NOT_FOUND_MESSAGE = 'This car does not exist.';

/** The refusal of a block over a live ride: which ride, so the owner can move or cancel it. */
export function blockOverRideMessage(ride: {
  status: string;
  slotDate: string;
  slotTime: string;
  customerName: string;
}): string {
  const what = ride.status === 'paid' ? 'a paid ride' : 'a ride awaiting payment';
  return `This block covers ${what} on ${formatSlotDateLong(ride.slotDate)} at ${ride.slotTime} for ${ride.customerName}. Move or cancel that ride first.`;
}

/**
 * Blocks a car from `startsAt` to `endsAt`, refused while a paid ride or a live hold of the car
 * starts inside it. One transaction: the car's row is taken FOR UPDATE first, which waits for
 * (and then holds off) `book_hold`, whose KEY SHARE on it comes before it reads the blocks; so
 * of a block and a booking under it, exactly one wins. The block is inserted before the rides
 * are read so that `block_covers`, the rule's one home, decides which rides it covers.
 */
export async function createBlock(
  db: Database,
  input: BlockCreateInput,
  by: { actor: AuditActor; now: Date },
): Promise<Block> {
  const { now } = by;
  if (input.endsAt <= now) throw AppError.badRequest(BLOCK_MESSAGES.endsInPast);
  return db.transaction(async (tx) => {
    const [service] = await tx
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(eq(services.id, input.serviceId))
      .for('update');
    if (!service) throw AppError.notFound(SERVICE_NOT_FOUND_MESSAGE);

    const [block] = await tx
      .insert(blocks)
      .values({
        serviceId: service.id,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        note: input.note,
        createdBy: by.actor.userId,
        createdAt: now,
      })
      .returning();
    if (!block) throw new Error('the block was not inserted');

    // A hold past its time takes no slot (book_hold releases it), like the service list says.
    const [ride] = await tx
      .select({
        status: appointments.status,
        slotDate: appointments.slotDate,
        slotTime: appointments.slotTime,
        customerName: users.name,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .where(
        and(
          eq(appointments.serviceId, service.id),
          blockCovers(block, appointments.slotStart),
          or(
            eq(appointments.status, 'paid'),
            and(eq(appointments.status, 'pending_payment'), gt(appointments.holdExpiresAt, now)),
          ),
        ),
      )
      .orderBy(asc(appointments.slotStart))
      .limit(1);
    // Throwing rolls the block back with the transaction.
    if (ride) throw AppError.conflict(blockOverRideMessage(ride));

    await recordAudit(tx, {
      actor: by.actor,
      action: 'block.created',
      at: now,
      serviceId: service.id,
      before: null,
      after: auditState(block),
    });
    return toBlockJson(block, service.name, by.actor.userId ? by.actor.label : null);
  });
}

/** What the audit trail keeps of a block. */
export function auditState(block: typeof blocks.$inferSelect): Record<string, unknown> {
  return {
    id: block.id,
    startsAt: block.startsAt.toISOString(),
    endsAt: block.endsAt.toISOString(),
    note: block.note,
  };
}
