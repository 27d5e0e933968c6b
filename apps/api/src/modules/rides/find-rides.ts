import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  appointments,
  bills,
  outboxMessages,
  refunds,
  services,
  users,
  type Database,
} from '@app/db';
import {
  balanceAfterDeposit,
  instantFromWallClock,
  businessToday,
  readBookingReference,
  RIDE_STATUSES,
  type AppointmentStatus,
  type BillStatus,
  type Ride,
  type RideBill,
  type RideFailedMessage,
  type RideRefund,
  type RideStatus,
} from '@app/shared';
import { liveReturnLegsOf } from '../appointments/return-legs.ts';
import { FAILED_FOR_THE_CONSOLE } from '../notifications/list-failed-messages.ts';

/** The filters of the board, the week grid and the export, as parsed by the shared schema. */
export interface RideFilterValues {
  from?: string | undefined;
  to?: string | undefined;
  serviceId?: string | undefined;
  status?: RideStatus | undefined;
  q?: string | undefined;
}

/** A phone number as digits only: what the phone search compares (`appointments_phone_digits_idx`). */
export const phoneDigits = sql`regexp_replace(${appointments.phone}, '[^0-9]', '', 'g')`;

/** Midnight in New York at the start of a `2026-11-25` day. */
export function startOfNewYorkDay(isoDate: string, plusDays = 0): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day + plusDays));
  const start = instantFromWallClock({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: 0,
    minute: 0,
  });
  // Midnight exists every day in New York (its clocks change at 2 AM).
  if (!start) throw new Error(`no midnight on ${isoDate}`);
  return start;
}

/** Today in New York as `2026-11-25`. */
export function newYorkToday(now: Date): string {
  const { year, month, day } = businessToday(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `%`, `_` and `\` are literal in a search. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search for a booking reference (the ride whose id it begins), for a phone number when it
 * holds only what phone numbers are written with and at least three digits (a reference of
 * digits alone may be either), and anything else in the customer's name and email.
 */
function searchCondition(q: string): SQL {
  const digits = q.replace(/\D/g, '');
  const phone = /^[\d\s()+.-]+$/.test(q) && digits.length >= 3;
  const phoneSearch = sql`${phoneDigits} like ${`${digits}%`}`;
  const reference = readBookingReference(q);
  if (reference) {
    const byReference = sql`${appointments.id}::text like ${`${reference}%`}`;
    return phone ? (or(byReference, phoneSearch) as SQL) : byReference;
  }
  if (phone) return phoneSearch;
  const pattern = `%${likeLiteral(q.toLowerCase())}%`;
  return inArray(
    appointments.userId,
    sql`(select ${users.id} from ${users} where lower(${users.name}) like ${pattern} or ${users.email} like ${pattern})`,
  );
}

/**
 * The SQL conditions of a set of filters: New York days from `from` to `to` inclusive, one car,
 * one status (all the console shows by default), a search. Without `from`, the days start
 * today, except for a search: the ride asked for by its reference or its customer may be on
 * any day, last month's too.
 */
export function rideConditions(filters: RideFilterValues, now: Date): SQL | undefined {
  const from = filters.from ?? (filters.q ? undefined : newYorkToday(now));
  const conditions: (SQL | undefined)[] = [
    from ? gte(appointments.slotStart, startOfNewYorkDay(from)) : undefined,
    filters.to ? lt(appointments.slotStart, startOfNewYorkDay(filters.to, 1)) : undefined,
    filters.serviceId ? eq(appointments.serviceId, filters.serviceId) : undefined,
    filters.status
      ? eq(appointments.status, filters.status)
      : inArray(appointments.status, [...RIDE_STATUSES]),
    filters.q ? searchCondition(filters.q) : undefined,
  ];
  return and(...conditions);
}

/** The ride's chauffeur's name: the customer's row is `users`, the driver's its own alias. */
export const chauffeurName = sql<
  string | null
>`(select "driver"."name" from "users" as "driver" where "driver"."id" = ${appointments.chauffeurId})`;

/** The bill's columns the board reads, from `bills` left joined on the ride (its key). */
export const billColumns = {
  billStatus: bills.status,
  billTotalCents: bills.totalCents,
  billDepositCents: bills.depositCents,
  billTipCents: bills.tipCents,
};

/**
 * A ride's bill as the board and Today show it, from `billColumns`. A draft left on a ride
 * reopened after its completion is no bill to send while the ride is not completed again.
 */
export function rideBill(
  rideStatus: AppointmentStatus,
  row: {
    billStatus: BillStatus | null;
    billTotalCents: number | null;
    billDepositCents: number | null;
    billTipCents: number | null;
  },
): RideBill | null {
  const { billStatus: status } = row;
  if (status === null || (status === 'draft' && rideStatus !== 'completed')) return null;
  const balanceCents = balanceAfterDeposit(row.billTotalCents ?? 0, row.billDepositCents ?? 0);
  return {
    status,
    balanceCents,
    // The link asks for the charge: the balance and the tip fixed with it (`pay-bill.ts`).
    dueCents: status === 'payment_due' ? balanceCents + (row.billTipCents ?? 0) : null,
  };
}

const rideColumns = {
  id: appointments.id,
  serviceId: appointments.serviceId,
  carName: services.name,
  slotStart: appointments.slotStart,
  slotDate: appointments.slotDate,
  slotTime: appointments.slotTime,
  endsAt: appointments.endsAt,
  lengthMinutes: appointments.lengthMinutes,
  turnaroundMinutes: appointments.turnaroundMinutes,
  occupiedUntil: appointments.occupiedUntil,
  priceCents: appointments.priceCents,
  status: appointments.status,
  customerName: users.name,
  customerEmail: users.email,
  phone: appointments.phone,
  serviceType: appointments.serviceType,
  pickupAddress: appointments.pickupAddress,
  dropoffAddress: appointments.dropoffAddress,
  pickupNotes: appointments.pickupNotes,
  needsReturnRide: appointments.needsReturnRide,
  returnOf: appointments.returnOf,
  returnPickupAddress: appointments.returnPickupAddress,
  returnDropoffAddress: appointments.returnDropoffAddress,
  returnPickupNotes: appointments.returnPickupNotes,
  depositCents: appointments.amountCents,
  cancelledAt: appointments.cancelledAt,
  finishedAt: appointments.finishedAt,
  cancelledBy: appointments.cancelledBy,
  cancelReason: appointments.cancelReason,
  chauffeurId: appointments.chauffeurId,
  chauffeurName,
  tripStatus: appointments.tripStatus,
  ...billColumns,
};

/** The page of rides matching `where`, by pickup time (the bench EXPLAINs this very query). */
export function rideQuery(
  db: Database,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  return (
    db
      .select(rideColumns)
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .innerJoin(services, eq(services.id, appointments.serviceId))
      // One bill per ride at most (its key is the ride's): the page's rows stay one per ride.
      .leftJoin(bills, eq(bills.appointmentId, appointments.id))
      .where(where)
      .orderBy(asc(appointments.slotStart), asc(appointments.id))
      .limit(page.limit)
      .offset(page.offset)
  );
}

/** Rides matching `where`, by pickup time, with the latest refund and the bill of each. */
export async function selectRides(
  db: Database,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<Ride[]> {
  const rows = await rideQuery(db, where, page);
  const ids = rows.map((row) => row.id);
  const [refundOf, failedOf, returnOf] = await Promise.all([
    latestRefunds(db, ids),
    failedMessagesOf(db, ids),
    liveReturnLegsOf(db, ids),
  ]);
  return rows.map(
    ({
      chauffeurId,
      chauffeurName,
      billStatus,
      billTotalCents,
      billDepositCents,
      billTipCents,
      ...row
    }) => ({
      ...row,
      chauffeur: chauffeurId ? { id: chauffeurId, name: chauffeurName ?? '' } : null,
      slotStart: row.slotStart.toISOString(),
      endsAt: row.endsAt.toISOString(),
      occupiedUntil: row.occupiedUntil.toISOString(),
      cancelledAt: row.cancelledAt?.toISOString() ?? null,
      finishedAt: row.finishedAt?.toISOString() ?? null,
      refund: refundOf.get(row.id) ?? null,
      failedMessages: failedOf.get(row.id) ?? [],
      returnId: returnOf.get(row.id) ?? null,
      bill: rideBill(row.status, { billStatus, billTotalCents, billDepositCents, billTipCents }),
    }),
  );
}

/** Each ride's messages that failed for good, newest first. */
async function failedMessagesOf(
  db: Database,
  ids: string[],
): Promise<Map<string, RideFailedMessage[]>> {
  const found = new Map<string, RideFailedMessage[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      appointmentId: outboxMessages.appointmentId,
      id: outboxMessages.id,
      template: outboxMessages.template,
      channel: outboxMessages.channel,
      lastError: outboxMessages.lastError,
    })
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.appointmentId, ids), FAILED_FOR_THE_CONSOLE))
    .orderBy(desc(outboxMessages.updatedAt));
  for (const { appointmentId, ...message } of rows) {
    if (!appointmentId) continue;
    found.set(appointmentId, [...(found.get(appointmentId) ?? []), message]);
  }
  return found;
}

/** The newest refund of each ride (a ride has one, or two when a late payment was returned too). */
async function latestRefunds(db: Database, ids: string[]): Promise<Map<string, RideRefund>> {
  const found = new Map<string, RideRefund>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      appointmentId: refunds.appointmentId,
      id: refunds.id,
      amountCents: refunds.amountCents,
      status: refunds.status,
      providerRefundId: refunds.providerRefundId,
      updatedAt: refunds.updatedAt,
    })
    .from(refunds)
    .where(inArray(refunds.appointmentId, ids))
    .orderBy(desc(refunds.createdAt));
  for (const { appointmentId, updatedAt, ...refund } of rows) {
    if (!found.has(appointmentId))
      found.set(appointmentId, { ...refund, updatedAt: updatedAt.toISOString() });
  }
  return found;
}

/** One ride as the console shows it, or null. */
export async function findRide(db: Database, id: string): Promise<Ride | null> {
  const [ride] = await selectRides(db, eq(appointments.id, id), { limit: 1, offset: 0 });
  return ride ?? null;
}
