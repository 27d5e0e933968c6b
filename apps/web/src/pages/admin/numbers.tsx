import { PlannedArea } from '../../features/admin-shell/components/planned-area.tsx';

/** /admin/numbers: to be built (issue 14, feedback and numbers). */
export default function NumbersScreen() {
  return (
    <PlannedArea
      title="Numbers"
      summary="How the business is doing, week by week."
      holds={[
        'Rides booked, completed, cancelled and missed',
        'Deposits taken and refunded',
        'Ratings from feedback over time',
      ]}
    />
  );
}
