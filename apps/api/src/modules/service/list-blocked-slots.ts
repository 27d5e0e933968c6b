import { sql } from 'drizzle-orm';
import { blockCovers, type Database } from '@app/db';
import { SLOT_MINUTES, slotOfInstant, slotStartsAt } from '@app/shared';

export interface BlockedSlot {
  serviceId: string;
  slotDate: string;
  slotTime: string;
}

/**
 * The slots from `from` to `until` (inclusive) that the owner's blocks cover, by car (one car's
 * alone with `serviceId`). The
 * half-hour grid is generated in the database and `block_covers` (the rule's one home) keeps
 * the slots each block covers. On the autumn day whose 1 AM hour repeats, only the first
 * 1:00 and 1:30 AM are slots: a block over the second alone does not mark them.
 */
export async function listBlockedSlots(
  db: Database,
  from: Date,
  until: Date,
  serviceId?: string,
): Promise<BlockedSlot[]> {
  const slot = sql`"s"."slot_start"`;
  const b = { startsAt: sql`"b"."starts_at"`, endsAt: sql`"b"."ends_at"` };
  const result = (await db.execute(sql`
    select "b"."service_id", ${slot} as "slot_start"
    from "blocks" "b"
    cross join lateral generate_series(
      date_bin(${`${SLOT_MINUTES} minutes`}::interval, greatest("b"."starts_at", ${from.toISOString()}::timestamptz), timestamptz '2000-01-01 00:00:00+00'),
      least("b"."ends_at", ${until.toISOString()}::timestamptz),
      ${`${SLOT_MINUTES} minutes`}::interval
    ) as "s"("slot_start")
    where "b"."ends_at" > ${from.toISOString()}::timestamptz
      and "b"."starts_at" <= ${until.toISOString()}::timestamptz
      and ${blockCovers(b, slot)}
      ${serviceId ? sql`and "b"."service_id" = ${serviceId}` : sql``}
  `)) as unknown as { rows: { service_id: string; slot_start: string | Date }[] };

  const slots: BlockedSlot[] = [];
  for (const row of result.rows) {
    const startsAt = new Date(row.slot_start);
    const { slotDate, slotTime } = slotOfInstant(startsAt);
    if (slotStartsAt(slotDate, slotTime)?.getTime() !== startsAt.getTime()) continue;
    slots.push({ serviceId: row.service_id, slotDate, slotTime });
  }
  return slots;
}
