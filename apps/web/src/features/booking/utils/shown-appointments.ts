import type { AppointmentView } from '@app/shared';

/** docs/product.md: the appointments screen shows at most 2. */
const APPOINTMENTS_SHOWN = 2;

/** Paid appointments, the most recently booked first (the API lists them in booking order), at most two. */
export function pickShownAppointments(all: readonly AppointmentView[]): AppointmentView[] {
  return all
    .filter((appointment) => appointment.payment)
    .reverse()
    .slice(0, APPOINTMENTS_SHOWN);
}

/**
 * The rides the shown cards leave out, all on My rides: the list holds every ride but expired
 * holds (a hold still awaiting payment is a ride too), so it is the rest of the list.
 */
export function countMoreRides(
  all: readonly AppointmentView[],
  shown: readonly AppointmentView[],
): number {
  return Math.max(0, all.length - shown.length);
}
