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
