import { and, count, eq, gte, inArray, lt, ne, sum } from 'drizzle-orm';
import { appointments, billCharges, bills, refunds, services, type Database } from '@app/db';
import {
  BUSIEST_SHOWN,
  PAID_CHARGE_STATUSES,
  UNKEPT_PAYMENT_REASONS,
  wallClockAt,
  type NumbersPeriod,
} from '@app/shared';
import { dayKeys, thisMonth, thisWeek, type Period } from './periods.ts';

/** A booking that became a ride: its deposit paid and it was not cancelled. */
export const RIDE_STATUSES = ['paid', 'completed', 'no_show'] as const;

/** `9 AM`, `12 PM`. */
function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The most counted keys, most first; ties in the order first seen. */
function busiest<K>(counts: Map<K, number>): [K, number][] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, BUSIEST_SHOWN);
}

async function summarize(db: Database, period: Period): Promise<NumbersPeriod> {
  const [rides, [deposits], [unkept], [charged], [refunded]] = await Promise.all([
    db
      .select({
        serviceId: appointments.serviceId,
        name: services.name,
        slotStart: appointments.slotStart,
      })
      .from(appointments)
      .innerJoin(services, eq(services.id, appointments.serviceId))
      .where(
        and(
          inArray(appointments.status, [...RIDE_STATUSES]),
          gte(appointments.slotStart, period.from),
          lt(appointments.slotStart, period.until),
        ),
      )
      .orderBy(appointments.slotStart),
    db
      .select({ cents: sum(appointments.amountCents).mapWith(Number) })
      .from(appointments)
      .where(and(gte(appointments.paidAt, period.from), lt(appointments.paidAt, period.until))),
    // Payments no booking kept came in as well (when their refund was asked, the same moment).
    db
      .select({ cents: sum(refunds.amountCents).mapWith(Number) })
      .from(refunds)
      .where(
        and(
          inArray(refunds.reason, [...UNKEPT_PAYMENT_REASONS]),
          gte(refunds.createdAt, period.from),
          lt(refunds.createdAt, period.until),
        ),
      ),
    db
      .select({
        cents: sum(billCharges.amountCents).mapWith(Number),
        tipsCents: sum(billCharges.tipCents).mapWith(Number),
        bills: count(),
      })
      .from(billCharges)
      .innerJoin(bills, eq(bills.appointmentId, billCharges.appointmentId))
      .where(
        and(
          inArray(billCharges.status, [...PAID_CHARGE_STATUSES]),
          gte(bills.paidAt, period.from),
          lt(bills.paidAt, period.until),
        ),
      ),
    db
      .select({ cents: sum(refunds.amountCents).mapWith(Number), refunds: count() })
      .from(refunds)
      .where(
        and(
          ne(refunds.status, 'failed'),
          gte(refunds.createdAt, period.from),
          lt(refunds.createdAt, period.until),
        ),
      ),
  ]);

  const depositsCents = (deposits?.cents ?? 0) + (unkept?.cents ?? 0);
  const chargedCents = charged?.cents ?? 0;
  const tipsCents = charged?.tipsCents ?? 0;
  const refundsCents = refunded?.cents ?? 0;
  const byCar = new Map<string, number>();
  const names = new Map<string, string>();
  const byHour = new Map<number, number>();
  const byDay = new Map<string, number>();
  for (const ride of rides) {
    byCar.set(ride.serviceId, (byCar.get(ride.serviceId) ?? 0) + 1);
    names.set(ride.serviceId, ride.name);
    const wall = wallClockAt(ride.slotStart);
    byHour.set(wall.hour, (byHour.get(wall.hour) ?? 0) + 1);
    const { date } = dayKeys(wall);
    byDay.set(date, (byDay.get(date) ?? 0) + 1);
  }
  return {
    title: period.title,
    label: period.label,
    from: period.from.toISOString(),
    until: period.until.toISOString(),
    rides: rides.length,
    depositsCents,
    balancesCents: chargedCents - tipsCents,
    tipsCents,
    bills: charged?.bills ?? 0,
    refundsCents,
    refunds: refunded?.refunds ?? 0,
    netCents: depositsCents + chargedCents - refundsCents,
    busiestCars: busiest(byCar).map(([serviceId, n]) => ({
      serviceId,
      name: names.get(serviceId) ?? serviceId,
      rides: n,
    })),
    busiestHours: busiest(byHour).map(([hour, n]) => ({ hour, label: hourLabel(hour), rides: n })),
    days: period.days.map((day) => {
      const keys = dayKeys(day);
      return { ...keys, rides: byDay.get(keys.date) ?? 0 };
    }),
  };
}

/** This New York week's and month's rides, money in and out, busiest cars and hours. */
export async function summarizeNumbers(
  db: Database,
  now: Date,
): Promise<{ week: NumbersPeriod; month: NumbersPeriod }> {
  const [week, month] = await Promise.all([
    summarize(db, thisWeek(now)),
    summarize(db, thisMonth(now)),
  ]);
  return { week, month };
}
