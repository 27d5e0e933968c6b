import { asc, eq } from 'drizzle-orm';
import { appointments, services, type Database } from '@app/db';
import type { AppointmentView } from '@app/shared';
import { tripOf } from './trip.ts';

/**
 * The caller's appointments, oldest first (the page shows the paid ones, newest first); those
 * booked at the same instant, earlier ride first, so the order never depends on storage.
 */
export async function listUserAppointments(
  db: Database,
  userId: string,
): Promise<AppointmentView[]> {
  const rows = await db
    .select({ appointment: appointments, service: services })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .where(eq(appointments.userId, userId))
    .orderBy(asc(appointments.createdAt), asc(appointments.slotStart), asc(appointments.id));
  const shown = rows.filter(({ appointment }) => appointment.status !== 'expired');
  const legOf = (id: string) => shown.find(({ appointment }) => appointment.returnOf === id);
  return shown.map(({ appointment, service }) => ({
    _id: appointment.id,
    serviceData: { image: service.image, name: service.name, address: service.address },
    type: appointment.serviceType,
    slotDate: appointment.slotDate,
    slotTime: appointment.slotTime,
    payment: appointment.paidAt !== null,
    cancelled: appointment.status === 'cancelled',
    isCompleted: appointment.status === 'completed',
    trip: tripOf(appointment, legOf(appointment.id)?.appointment),
  }));
}
