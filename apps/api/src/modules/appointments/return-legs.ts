import { and, inArray } from 'drizzle-orm';
import { appointments, type Database } from '@app/db';
import { LIVE_APPOINTMENT_STATUSES } from '@app/shared';

/**
 * The return leg of each of these rides that is a round trip's first, while it is booked (held
 * or paid): first ride's id → its return's id. The two then keep one car (ADR 018).
 */
export async function liveReturnLegsOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: appointments.id, returnOf: appointments.returnOf })
    .from(appointments)
    .where(
      and(
        inArray(appointments.returnOf, ids),
        inArray(appointments.status, LIVE_APPOINTMENT_STATUSES),
      ),
    );
  return new Map(rows.flatMap((row) => (row.returnOf ? [[row.returnOf, row.id] as const] : [])));
}
