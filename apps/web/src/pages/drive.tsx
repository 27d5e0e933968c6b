import { useEffect, type ReactNode } from 'react';
import { useLoad } from '../lib/use-load.ts';
import { isOffline } from '../lib/offline-copy.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { container } from '../components/ui/styles.ts';
import { getAdminSession } from '../features/admin-shell/api/admin.ts';
import { ConsoleLayout } from '../features/admin-shell/components/console-layout.tsx';
import { ConsoleUnavailable } from '../features/admin-shell/components/console-unavailable.tsx';
import { EnrolScreen } from '../features/admin-shell/components/enrol-screen.tsx';
import { VerifyScreen } from '../features/admin-shell/components/verify-screen.tsx';
import { CalendarLink } from '../features/calendar-feed/components/calendar-link.tsx';
import { DriveSheet, OfflineSheet } from '../features/drive/components/drive-sheet.tsx';
import { PushSwitch } from '../features/push/components/push-switch.tsx';
import { DRIVE_WORKER } from '../features/push/utils/browser-push.ts';

const PLACE = 'Day sheet';

/** The day sheet works from the home screen and with no signal (public/drive-sw.js). */
function useInstallable(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker
      .register(DRIVE_WORKER.script, { scope: DRIVE_WORKER.scope })
      .catch(() => undefined);
  }, []);
}

function Framed({ children }: { children: ReactNode }) {
  return (
    <ConsoleLayout place={PLACE}>
      <PageMeta title="Your rides" />
      <link rel="manifest" href="/drive.webmanifest" />
      <div className={`${container} py-5 sm:py-8`}>{children}</div>
    </ConsoleLayout>
  );
}

/**
 * /drive: a chauffeur's day sheet (an owner who drives has one too), in a frame of its own,
 * kept out of the console. The second factor first, set up at the first sign-in and asked at
 * every other, as in the console; with no signal, the sheet this device kept.
 */
export default function DrivePage({ signedIn }: { signedIn: boolean }) {
  useInstallable();
  // Not signed in means no signal here (the route's guard sends a visitor to sign in).
  if (!signedIn) {
    return (
      <Framed>
        <OfflineSheet onRetry={() => window.location.reload()} />
      </Framed>
    );
  }
  return <SignedInSheet />;
}

function SignedInSheet() {
  const session = useLoad(getAdminSession);
  const passed = (recoveryCodesLeft: number) =>
    session.set((shown) => ({ ...shown, mfa: 'verified', recoveryCodesLeft }));
  if (session.loading && !session.data) return <Framed>{<PageLoading inPage />}</Framed>;
  if (session.failure || !session.data) {
    return (
      <Framed>
        {isOffline(session.error) ? (
          <OfflineSheet onRetry={() => void session.reload()} />
        ) : (
          <ConsoleUnavailable message={session.failure ?? ''} onRetry={session.reload} />
        )}
      </Framed>
    );
  }
  switch (session.data.mfa) {
    case 'enrol':
      return (
        <ConsoleLayout place={PLACE}>
          <EnrolScreen place={PLACE} onDone={passed} />
        </ConsoleLayout>
      );
    case 'verify':
      return (
        <ConsoleLayout place={PLACE}>
          <VerifyScreen place={PLACE} onDone={passed} />
        </ConsoleLayout>
      );
  }
  return (
    <Framed>
      <DriveSheet />
      <PushSwitch worker={DRIVE_WORKER}>
        A ride given to you, and a reminder when it is time to set off, on this phone’s lock screen.
      </PushSwitch>
      <CalendarLink />
    </Framed>
  );
}
