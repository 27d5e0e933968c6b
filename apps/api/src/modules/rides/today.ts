import { and, asc, count, eq, gt, gte, isNotNull, isNull, lt, lte, type SQL } from 'drizzle-orm';
import { appointments, bills, outboxMessages, services, users, type Database } from '@app/db';
import {
  HOLD_LAPSING_MINUTES,
  RIDES_MAX_PAGE_SIZE,
  TODAY_BILLS_LISTED,
  UNASSIGNED_RIDE_DAYS,
  UNMARKED_RIDE_DAYS,
  type BillAlert,
  type RideAlert,
  type TodayResponse,
} from '@app/shared';
import {
  billColumns,
  chauffeurName,
  newYorkToday,
  rideBill,
  rideConditions,
  selectRides,
  startOfNewYorkDay,
} from './find-rides.ts';
import { FAILED_FOR_THE_CONSOLE } from '../notifications/list-failed-messages.ts';

/**
 * The console's first screen: the rides of one New York day (today unless told) by pickup
 * time, and what needs the owner now: unpaid holds about to lapse, messages that failed for
 * good, paid rides whose pickup time has passed without being marked, chauffeurs late, rides
 * nobody drives, completed rides whose bill waits to be sent, and balances due by payment link.
 */
export async function today(
  db: Database,
  query: { date?: string | undefined },
  now: Date,
  /** How long before pickup a chauffeur should have tapped "On my way" (`CHAUFFEUR_LATE_MINUTES`). */
  lateMinutes: number,
): Promise<Omit<TodayResponse, 'success'>> {
  const date = query.date ?? newYorkToday(now);
  const paid = eq(appointments.status, 'paid');
  const [
    rides,
    [holds],
    [failed],
    [unmarked],
    unassignedRides,
    lateChauffeurs,
    billsToSend,
    balancesDue,
  ] = await Promise.all([
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
    db.select({ n: count() }).from(outboxMessages).where(FAILED_FOR_THE_CONSOLE),
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
    rideAlerts(
      db,
      and(
        paid,
        isNull(appointments.chauffeurId),
        gt(appointments.slotStart, now),
        lt(appointments.slotStart, startOfNewYorkDay(newYorkToday(now), UNASSIGNED_RIDE_DAYS + 1)),
      ),
    ),
    rideAlerts(
      db,
      and(
        paid,
        isNotNull(appointments.chauffeurId),
        isNull(appointments.tripStatus),
        lte(appointments.slotStart, new Date(now.getTime() + lateMinutes * 60_000)),
        gt(appointments.endsAt, now),
      ),
    ),
    billAlerts(db, and(eq(appointments.status, 'completed'), eq(bills.status, 'draft'))),
    // Until paid, on any day: the link may be renewed, the customer reminded by phone.
    billAlerts(db, eq(bills.status, 'payment_due')),
  ]);
  return {
    date,
    rides,
    holdsLapsing: holds?.n ?? 0,
    failedMessages: failed?.n ?? 0,
    unmarkedRides: unmarked?.n ?? 0,
    unassignedRides,
    lateChauffeurs,
    billsToSend,
    balancesDue,
  };
}

/** The first rides `where` selects, by pickup time, as Today names them. */
function rideAlerts(db: Database, where: SQL | undefined): Promise<RideAlert[]> {
  return db
    .select({
      id: appointments.id,
      slotDate: appointments.slotDate,
      slotTime: appointments.slotTime,
      carName: services.name,
      chauffeurName: users.name,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(users, eq(users.id, appointments.chauffeurId))
    .where(where)
    .orderBy(asc(appointments.slotStart), asc(appointments.id))
    .limit(RIDE_ALERTS_MAX);
}

/** The first rides with a bill `where` selects (on `bills` too), by pickup time, with the bill. */
async function billAlerts(db: Database, where: SQL | undefined): Promise<BillAlert[]> {
  const rows = await db
    .select({
      id: appointments.id,
      rideStatus: appointments.status,
      slotDate: appointments.slotDate,
      slotTime: appointments.slotTime,
      carName: services.name,
      chauffeurName,
      customerName: users.name,
      ...billColumns,
    })
    .from(bills)
    .innerJoin(appointments, eq(appointments.id, bills.appointmentId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(where)
    .orderBy(asc(appointments.slotStart), asc(appointments.id))
    .limit(TODAY_BILLS_LISTED);
  return rows.flatMap(
    ({ rideStatus, billStatus, billTotalCents, billDepositCents, billTipCents, ...alert }) => {
      const bill = rideBill(rideStatus, {
        billStatus,
        billTotalCents,
        billDepositCents,
        billTipCents,
      });
      return bill ? [{ ...alert, bill }] : [];
    },
  );
}

/** More than this many to deal with is a list, not a note: the board shows the rest. */
const RIDE_ALERTS_MAX = 20;
