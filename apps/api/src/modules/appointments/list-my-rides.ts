import { and, eq, ne } from 'drizzle-orm';
import { appointments, services, type Appointment, type Database } from '@app/db';
import { bookingReference, type MyRide, type MyRideState, type MyRidesResponse } from '@app/shared';
import { customerCancellations, ownerCancellations } from './cancellations.ts';
import { tripOf } from './trip.ts';

/** How a ride stands for its customer (`MY_RIDE_STATES`). */
export function myRideState(appointment: Appointment): MyRideState {
  switch (appointment.status) {
    case 'pending_payment':
      return 'awaiting_payment';
    case 'paid':
      return appointment.calendarSequence > 0 ? 'moved' : 'paid';
    case 'cancelled':
      return appointment.cancelledBy === 'owner' ? 'cancelled_by_us' : 'cancelled_by_you';
    case 'completed':
      return 'completed';
    case 'no_show':
      return 'no_show';
    case 'expired':
      // Never listed (the query leaves expired holds out); read as a hold that lapsed.
      return 'awaiting_payment';
  }
}

/**
 * Every ride of the customer for My rides: the ones still ahead (a live hold or a paid ride not
 * yet over) soonest first, then the rest, latest first. An expired hold, or a hold past its
 * time the sweeper has not released yet, was never a ride and is left out.
 */
export async function listMyRides(
  db: Database,
  userId: string,
  now: Date,
): Promise<Omit<MyRidesResponse, 'success'>> {
  const rows = await db
    .select({
      appointment: appointments,
      service: {
        id: services.id,
        name: services.name,
        image: services.image,
        address: services.address,
      },
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(and(eq(appointments.userId, userId), ne(appointments.status, 'expired')));
  const shown = rows.filter(
    ({ appointment }) =>
      appointment.status !== 'pending_payment' ||
      (appointment.holdExpiresAt > now && appointment.endsAt > now),
  );
  const listed = shown.map(({ appointment }) => appointment);
  const byUs = await ownerCancellations(db, listed);
  const byYou = await customerCancellations(db, listed);
  // Whatever became of it: a return ridden, or cancelled alone, is no return "to book later".
  const legOf = (id: string) => rows.find(({ appointment }) => appointment.returnOf === id);

  const rides = shown.map(({ appointment, service }): MyRide & { ahead: boolean } => {
    const state = myRideState(appointment);
    return {
      id: appointment.id,
      reference: bookingReference(appointment.id),
      service,
      serviceType: appointment.serviceType,
      slotDate: appointment.slotDate,
      slotTime: appointment.slotTime,
      slotStart: appointment.slotStart.toISOString(),
      endsAt: appointment.endsAt.toISOString(),
      trip: tripOf(appointment, legOf(appointment.id)?.appointment),
      state,
      ownerCancellation: byUs.get(appointment.id) ?? null,
      customerCancellation: byYou.get(appointment.id) ?? null,
      ahead: isLive(appointment) && appointment.endsAt > now,
    };
  });
  const byStart = (a: MyRide, b: MyRide) =>
    a.slotStart.localeCompare(b.slotStart) || a.id.localeCompare(b.id);
  const strip = ({ ahead: _ahead, ...ride }: MyRide & { ahead: boolean }): MyRide => ride;
  return {
    upcoming: rides
      .filter((r) => r.ahead)
      .sort(byStart)
      .map(strip),
    past: rides
      .filter((r) => !r.ahead)
      .sort((a, b) => byStart(b, a))
      .map(strip),
  };
}

function isLive(appointment: Appointment): boolean {
  return appointment.status === 'paid' || appointment.status === 'pending_payment';
}
