import { asc, desc, eq, gt, lte } from 'drizzle-orm';
import { blocks, services, users, type Database } from '@app/db';
import type { Block } from '@app/shared';

/** How many blocks already over the list shows: the recent ones, for reference. */
export const PAST_BLOCKS_SHOWN = 20;

type BlockRow = typeof blocks.$inferSelect;

export function toBlockJson(row: BlockRow, serviceName: string, createdBy: string | null): Block {
  return {
    id: row.id,
    serviceId: row.serviceId,
    serviceName,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    note: row.note,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    seriesId: row.seriesId,
  };
}

/**
 * The blocks not yet over (under way or to come), soonest first, and the last few that are
 * over, latest first. Upcoming blocks are few (an owner makes them by hand): all of them.
 */
export async function listBlocks(
  db: Database,
  now: Date,
): Promise<{ upcoming: Block[]; past: Block[] }> {
  const query = () =>
    db
      .select({ block: blocks, serviceName: services.name, createdBy: users.email })
      .from(blocks)
      .innerJoin(services, eq(services.id, blocks.serviceId))
      .leftJoin(users, eq(users.id, blocks.createdBy));
  const [upcoming, past] = await Promise.all([
    query().where(gt(blocks.endsAt, now)).orderBy(asc(blocks.startsAt), asc(blocks.id)),
    query()
      .where(lte(blocks.endsAt, now))
      .orderBy(desc(blocks.endsAt), desc(blocks.id))
      .limit(PAST_BLOCKS_SHOWN),
  ]);
  const json = (row: (typeof upcoming)[number]) =>
    toBlockJson(row.block, row.serviceName, row.createdBy);
  return { upcoming: upcoming.map(json), past: past.map(json) };
}
