import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { FailedMessageList } from '../../features/admin-messages/components/failed-message-list.tsx';
import { screenPath } from '../../features/admin-rides/utils/ride-view.ts';

/** /admin/messages: emails and texts that could not be sent, to send again. */
export default function MessagesScreen() {
  return (
    <>
      <ConsoleHeading title="Messages">
        Emails and texts that could not be sent after several tries. Fix the cause (a mistyped
        address, the mail service down), then send them again. Times are New York time.
      </ConsoleHeading>
      <FailedMessageList rideHref={(ride) => screenPath({ ride })} />
    </>
  );
}
