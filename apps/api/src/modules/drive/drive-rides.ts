import { and, asc, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointments, bills, services, tripEvents, users, type Database } from '@app/db';
import {
  bookingReference,
  CHAUFFEUR_LINE_KINDS,
  DRIVE_DAYS_AHEAD,
  DRIVE_DAYS_BEHIND,
  firstName,
  TRIP_STATUSES,
  TRIP_UNDO_MS,
  type BillLine,
  type ChauffeurLineKind,
  type DriveRide,
  type TripStatus,
} from '@app/shared';
import { newYorkToday, startOfNewYorkDay } from '../rides/find-rides.ts';

/** What a chauffeur's sheet shows: the rides to drive and those done (the day reads whole). */
const SHEET_STATUSES = ['paid', 'completed', 'no_show', 'cancelled'] as const;

const returnLegs = alias(appointments, 'return_leg');

const columns = {
  id: appointments.id,
  slotStart: appointments.slotStart,
  slotDate: appointments.slotDate,
  slotTime: appointments.slotTime,
  endsAt: appointments.endsAt,
  lengthMinutes: appointments.lengthMinutes,
  serviceType: appointments.serviceType,
  status: appointments.status,
  carName: services.name,
  plate: services.plate,
  customerName: users.name,
  phone: appointments.phone,
  pickupAddress: appointments.pickupAddress,
  dropoffAddress: appointments.dropoffAddress,
  pickupNotes: appointments.pickupNotes,
  tripStatus: appointments.tripStatus,
  returnId: returnLegs.id,
  returnSlotStart: returnLegs.slotStart,
  returnSlotTime: returnLegs.slotTime,
  billStatus: bills.status,
  billLines: bills.lines,
};

/** The bill's lines the chauffeur's part is: the tolls and parking (no price, no adjustment). */
const isChauffeurLine = (line: BillLine): line is BillLine & { kind: ChauffeurLineKind } =>
  (CHAUFFEUR_LINE_KINDS as readonly string[]).includes(line.kind);

/** The rides `chauffeurId` drives, `which` of them (by default the sheet's days), by pickup. */
export async function driveRides(
  db: Database,
  chauffeurId: string,
  now: Date,
  only?: { id: string },
): Promise<DriveRide[]> {
  const today = newYorkToday(now);
  const rows = await db
    .select(columns)
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(users, eq(users.id, appointments.userId))
    .leftJoin(
      returnLegs,
      and(eq(returnLegs.returnOf, appointments.id), eq(returnLegs.status, 'paid')),
    )
    .leftJoin(bills, eq(bills.appointmentId, appointments.id))
    .where(
      and(
        eq(appointments.chauffeurId, chauffeurId),
        inArray(appointments.status, [...SHEET_STATUSES]),
        only
          ? eq(appointments.id, only.id)
          : and(
              gte(appointments.slotStart, startOfNewYorkDay(today, -DRIVE_DAYS_BEHIND)),
              lt(appointments.slotStart, startOfNewYorkDay(today, DRIVE_DAYS_AHEAD + 1)),
            ),
      ),
    )
    .orderBy(asc(appointments.slotStart), asc(appointments.id));
  if (rows.length === 0) return [];
  const events = await db
    .select({
      appointmentId: tripEvents.appointmentId,
      status: tripEvents.status,
      at: tripEvents.at,
    })
    .from(tripEvents)
    .where(
      and(
        inArray(
          tripEvents.appointmentId,
          rows.map((r) => r.id),
        ),
        isNull(tripEvents.undoneAt),
      ),
    )
    .orderBy(asc(tripEvents.at));
  return rows.map((row) => {
    // The standing taps follow the order of the statuses (two may share an instant).
    const taps = events
      .filter((e) => e.appointmentId === row.id)
      .sort((a, b) => TRIP_STATUSES.indexOf(a.status) - TRIP_STATUSES.indexOf(b.status));
    const last = taps.find((e) => e.status === row.tripStatus);
    const undoUntil = last ? new Date(last.at.getTime() + TRIP_UNDO_MS) : null;
    return {
      id: row.id,
      reference: bookingReference(row.id),
      slotStart: row.slotStart.toISOString(),
      slotDate: row.slotDate,
      slotTime: row.slotTime,
      endsAt: row.endsAt.toISOString(),
      lengthMinutes: row.lengthMinutes,
      serviceType: row.serviceType,
      status: row.status,
      car: { name: row.carName, plate: row.plate },
      customerFirstName: firstName(row.customerName),
      phone: row.phone,
      leg: {
        pickupAddress: row.pickupAddress,
        dropoffAddress: row.dropoffAddress,
        pickupNotes: row.pickupNotes,
      },
      returnLeg:
        row.returnId && row.returnSlotStart && row.returnSlotTime
          ? {
              id: row.returnId,
              slotStart: row.returnSlotStart.toISOString(),
              slotTime: row.returnSlotTime,
            }
          : null,
      tripStatus: row.tripStatus as TripStatus | null,
      events: taps.map((e) => ({ status: e.status, at: e.at.toISOString() })),
      undoUntil: undoUntil && undoUntil > now ? undoUntil.toISOString() : null,
      bill:
        row.billStatus && row.billLines
          ? {
              status: row.billStatus,
              lines: row.billLines
                .filter(isChauffeurLine)
                .map(({ kind, label, amountCents }) => ({ kind, label, amountCents })),
            }
          : null,
    };
  });
}
