import { PlannedArea } from '../../features/admin-shell/components/planned-area.tsx';

/** /admin/blocks: to be built (issue 14, fleet with photos and blocks). */
export default function BlocksScreen() {
  return (
    <PlannedArea
      title="Blocks"
      summary="Times a car cannot be booked: servicing, holidays, private use."
      holds={[
        'Blocking a car for a stretch of time, so customers cannot book it',
        'Removing a block that is no longer needed',
      ]}
    />
  );
}
