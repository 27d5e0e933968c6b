import type { appointments } from '@app/db';
import type { Trip } from '@app/shared';

type TripColumns = Pick<
  typeof appointments.$inferSelect,
  | 'pickupAddress'
  | 'dropoffAddress'
  | 'needsReturnRide'
  | 'returnPickupAddress'
  | 'returnDropoffAddress'
>;

/** The trip the customer booked, as the confirmation and My Appointments show it. */
export function tripOf(appointment: TripColumns): Trip {
  return {
    pickupAddress: appointment.pickupAddress,
    dropoffAddress: appointment.dropoffAddress,
    returnRide:
      appointment.needsReturnRide === true
        ? {
            pickupAddress: appointment.returnPickupAddress,
            dropoffAddress: appointment.returnDropoffAddress,
          }
        : null,
  };
}
