import { PlannedArea } from '../../features/admin-shell/components/planned-area.tsx';

/** /admin/fleet: to be built (issue 14, fleet with photos and blocks). */
export default function FleetScreen() {
  return (
    <PlannedArea
      title="Fleet"
      summary="The cars the business offers, as customers see them."
      holds={[
        'Adding a car, changing its details, rates and photos',
        'Retiring a car the business no longer offers',
      ]}
    />
  );
}
