import { PlannedArea } from '../../features/admin-shell/components/planned-area.tsx';

/** /admin/rides: to be built (issue 14, rides and refunds). */
export default function RidesScreen() {
  return (
    <PlannedArea
      title="Rides"
      summary="Every booked ride, today's first, and what happened to it."
      holds={[
        'Upcoming and past rides by day, in New York time, with the customer and the car',
        'Marking a paid ride completed or a no-show',
        'Cancelling a ride with a reason, and refunding its deposit or not',
      ]}
    />
  );
}
