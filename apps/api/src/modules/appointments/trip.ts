import type { appointments } from '@app/db';
import type { Trip } from '@app/shared';

type Row = typeof appointments.$inferSelect;
type TripColumns = Pick<
  Row,
  | 'pickupAddress'
  | 'dropoffAddress'
  | 'needsReturnRide'
  | 'returnPickupAddress'
  | 'returnDropoffAddress'
  | 'returnOf'
>;

/**
 * The trip the customer booked, as the confirmation, the ride page and My rides show it; a round
 * trip's return leg (`leg`, whatever has become of it) with its own time, and whether it is
 * cancelled.
 */
export function tripOf(
  appointment: TripColumns,
  leg?: Pick<
    Row,
    'id' | 'slotDate' | 'slotTime' | 'status' | 'pickupAddress' | 'dropoffAddress'
  > | null,
): Trip {
  return {
    pickupAddress: appointment.pickupAddress,
    dropoffAddress: appointment.dropoffAddress,
    returnRide:
      appointment.needsReturnRide === true
        ? {
            // A booked return's own addresses (its booking filled in those left blank, as
            // `book-appointment.ts` does); one to book later's as asked, from where this ride
            // ends unless told (an empty drop-off is "to be agreed").
            pickupAddress:
              leg?.pickupAddress ??
              (appointment.returnPickupAddress.trim() || appointment.dropoffAddress),
            dropoffAddress: leg?.dropoffAddress ?? appointment.returnDropoffAddress,
            leg: leg
              ? {
                  id: leg.id,
                  slotDate: leg.slotDate,
                  slotTime: leg.slotTime,
                  cancelled: leg.status === 'cancelled',
                }
              : null,
          }
        : null,
    isReturnLeg: appointment.returnOf !== null,
  };
}
