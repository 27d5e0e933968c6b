import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { appointments, blocks, services, users, type Database } from '@app/db';
import { BLOCK_MESSAGES, formatSlotDateLong, type Block, type BlockCreateInput } from '@app/shared';
import { AppError } from '../../errors.ts';
import { keepsItsCar, overlapsStretch, releaseStaleHoldsOver } from '../appointments/car-time.ts';
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

/** The refusal of a request of several blocks: the first ride, its car, and how many more. */
export function blocksOverRidesMessage(
  rides: {
    status: string;
    slotDate: string;
    slotTime: string;
    customerName: string;
    carName: string;
  }[],
): string {
  const [first] = rides;
  if (!first) throw new Error('no ride to name');
  const what = first.status === 'paid' ? 'a paid ride' : 'a ride awaiting payment';
  const more =
    rides.length > 1
      ? ` ${rides.length - 1} more ${rides.length === 2 ? 'ride is' : 'rides are'} in the way too.`
      : '';
  return `These blocks cover ${what} of the ${first.carName} on ${formatSlotDateLong(first.slotDate)} at ${first.slotTime} for ${first.customerName}. Move or cancel that ride first; nothing was blocked.${more}`;
}

/**
 * Blocks a car (or every car not retired) from `startsAt` to `endsAt`, and at each weekly
 * repeat, refused as a whole while the stretch of a paid ride or a live hold of a car (its ride
 * and turnaround) overlaps any of them (ADR 018). One transaction: the cars' rows are taken FOR
 * UPDATE first (in id order, so two requests never wait on each other), which waits for (and
 * then holds off) `book_hold`, whose KEY SHARE on it comes before it reads the blocks; so of a
 * block and a booking under it, exactly one wins. Holds past their time are released first; the
 * trigger `block_clear_of_bookings` is the database's word on the rest. The rows of a request of
 * more than one share a `series_id`; each row has its `block.created` audit event.
 */
export async function createBlocks(
  db: Database,
  input: BlockCreateInput,
  by: { actor: AuditActor; now: Date },
): Promise<Block[]> {
  const { now } = by;
  if (input.endsAt <= now) throw AppError.badRequest(BLOCK_MESSAGES.endsInPast);
  // The past occurrences of a repeat are left out; the first one is still under way or to come.
  const occurrences = input.occurrences.filter((o) => o.endsAt > now);
  return db.transaction(async (tx) => {
    const cars = await tx
      .select({ id: services.id, name: services.name })
      .from(services)
      .where(input.allCars ? isNull(services.retiredAt) : eq(services.id, input.serviceId ?? ''))
      .orderBy(asc(services.id))
      .for('update');
    if (cars.length === 0) throw AppError.notFound(SERVICE_NOT_FOUND_MESSAGE);

    const envelope = {
      from: occurrences[0]?.startsAt ?? input.startsAt,
      until: occurrences.at(-1)?.endsAt ?? input.endsAt,
    };
    const rides: (Parameters<typeof blocksOverRidesMessage>[0][number] & {
      id: string;
      slotStart: Date;
    })[] = [];
    for (const car of cars) {
      await releaseStaleHoldsOver(tx, car.id, envelope, now);
      const live = await tx
        .select({
          id: appointments.id,
          status: appointments.status,
          slotDate: appointments.slotDate,
          slotTime: appointments.slotTime,
          slotStart: appointments.slotStart,
          occupiedUntil: appointments.occupiedUntil,
          customerName: users.name,
        })
        .from(appointments)
        .innerJoin(users, eq(users.id, appointments.userId))
        .where(
          and(
            eq(appointments.serviceId, car.id),
            overlapsStretch(envelope.from, envelope.until),
            keepsItsCar(now),
          ),
        )
        .orderBy(asc(appointments.slotStart));
      for (const ride of live) {
        if (occurrences.some((o) => o.startsAt < ride.occupiedUntil && ride.slotStart < o.endsAt))
          rides.push({ ...ride, carName: car.name });
      }
    }
    rides.sort((a, b) => a.slotStart.getTime() - b.slotStart.getTime());
    const [firstRide] = rides;
    if (firstRide) {
      throw AppError.conflict(
        cars.length === 1 && occurrences.length === 1
          ? blockOverRideMessage(firstRide)
          : blocksOverRidesMessage(rides),
        { rideId: firstRide.id },
      );
    }

    const seriesId = cars.length * occurrences.length > 1 ? randomUUID() : null;
    const made = await tx
      .insert(blocks)
      .values(
        occurrences.flatMap((o) =>
          cars.map((car) => ({
            serviceId: car.id,
            startsAt: o.startsAt,
            endsAt: o.endsAt,
            note: input.note,
            createdBy: by.actor.userId,
            createdAt: now,
            seriesId,
          })),
        ),
      )
      .returning();
    if (made.length !== cars.length * occurrences.length)
      throw new Error('the blocks were not inserted');

    const carName = new Map(cars.map((car) => [car.id, car.name]));
    made.sort(
      (a, b) =>
        a.startsAt.getTime() - b.startsAt.getTime() ||
        (carName.get(a.serviceId) ?? '').localeCompare(carName.get(b.serviceId) ?? ''),
    );
    for (const block of made) {
      await recordAudit(tx, {
        actor: by.actor,
        action: 'block.created',
        at: now,
        serviceId: block.serviceId,
        before: null,
        after: auditState(block),
      });
    }
    const createdBy = by.actor.userId ? by.actor.label : null;
    return made.map((block) => toBlockJson(block, carName.get(block.serviceId) ?? '', createdBy));
  });
}

/** What the audit trail keeps of a block. */
export function auditState(block: typeof blocks.$inferSelect): Record<string, unknown> {
  return {
    id: block.id,
    startsAt: block.startsAt.toISOString(),
    endsAt: block.endsAt.toISOString(),
    note: block.note,
    ...(block.seriesId ? { seriesId: block.seriesId } : {}),
  };
}
