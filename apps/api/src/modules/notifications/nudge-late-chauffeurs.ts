import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { recordPush } from './push/record-push.ts';

/**
 * One run of the `nudge-late-chauffeurs` job: each paid ride whose chauffeur has not tapped
 * "On my way" by `lateMinutes` before pickup (the moment Today flags it) is claimed once, by a
 * conditional update of `chauffeurNudgedAt` (cleared when the ride is moved or given to someone
 * else), in the transaction that writes the push to that chauffeur's phones. So two instances
 * never nudge twice, and a ride already under way, over or cancelled is not nudged. Answers how
 * many rides were claimed.
 */
export async function nudgeLateChauffeurs(
  db: Database,
  now: Date,
  lateMinutes: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const late = await tx
      .update(appointments)
      .set({ chauffeurNudgedAt: now })
      .where(
        and(
          eq(appointments.status, 'paid'),
          isNotNull(appointments.chauffeurId),
          isNull(appointments.tripStatus),
          isNull(appointments.chauffeurNudgedAt),
          lte(appointments.slotStart, new Date(now.getTime() + lateMinutes * 60_000)),
          gt(appointments.endsAt, now),
        ),
      )
      .returning({ id: appointments.id, chauffeurId: appointments.chauffeurId });
    for (const ride of late) {
      if (ride.chauffeurId) {
        await recordPush(tx, {
          kind: 'chauffeur_late',
          appointmentId: ride.id,
          chauffeurId: ride.chauffeurId,
          at: now,
        });
      }
    }
    return late.length;
  });
}
