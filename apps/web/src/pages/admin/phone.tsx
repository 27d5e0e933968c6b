import { ConsoleHeading } from '../../features/admin-shell/components/console-heading.tsx';
import { CalendarLink } from '../../features/calendar-feed/components/calendar-link.tsx';
import { PushSwitch } from '../../features/push/components/push-switch.tsx';
import { CONSOLE_WORKER } from '../../features/push/utils/browser-push.ts';

/**
 * /admin/phone: the owner's phone kit. Notifications on the lock screen and the rides in the
 * phone's own calendar; the console itself installs from the browser's menu (admin.webmanifest).
 */
export default function PhoneScreen() {
  return (
    <>
      <ConsoleHeading title="Your phone">
        What this phone tells you when the console is closed. Add the console to the Home Screen
        from the browser’s menu to open it like an app.
      </ConsoleHeading>
      <PushSwitch worker={CONSOLE_WORKER}>
        A new paid booking, a ride moved or cancelled, a message that could not be sent, and a
        chauffeur not on the way in time, on this phone’s lock screen.
      </PushSwitch>
      <CalendarLink />
    </>
  );
}
