import { and, count, eq, gt, gte, lte } from 'drizzle-orm';
import { appointments, outboxMessages, type Database } from '@app/db';
import {
  HOLD_LAPSING_MINUTES,
  RIDES_MAX_PAGE_SIZE,
  UNMARKED_RIDE_DAYS,
  type TodayResponse,
} from '@app/shared';
import { newYorkToday, rideConditions, selectRides, startOfNewYorkDay } from './find-rides.ts';

/**
 * The console's first screen: the rides of one New York day (today unless told) by pickup
 * time, and the counts of what needs the owner now: unpaid holds about to lapse, messages that
 * failed for good, and paid rides whose pickup time has passed without being marked.
 */
export async function today(
  db: Database,
  query: { date?: string | undefined },
  now: Date,
): Promise<Omit<TodayResponse, 'success'>> {
  const date = query.date ?? newYorkToday(now);
  const [rides, [holds], [failed], [unmarked]] = await Promise.all([
    selectRides(db, rideConditions({ from: date, to: date }, now), {
      limit: RIDES_MAX_PAGE_SIZE,
      offset: 0,
    }),
    db
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.status, 'pending_payment'),
          gt(appointments.holdExpiresAt, now),
          lte(appointments.holdExpiresAt, new Date(now.getTime() + HOLD_LAPSING_MINUTES * 60_000)),
        ),
      ),
    db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.status, 'failed')),
    db
      .select({ n: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.status, 'paid'),
          gte(appointments.slotStart, startOfNewYorkDay(newYorkToday(now), -UNMARKED_RIDE_DAYS)),
          lte(appointments.slotStart, now),
        ),
      ),
  ]);
  return {
    date,
    rides,
    holdsLapsing: holds?.n ?? 0,
    failedMessages: failed?.n ?? 0,
    unmarkedRides: unmarked?.n ?? 0,
  };
}
