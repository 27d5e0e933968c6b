import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useLoad } from '../../lib/use-load.ts';
import { PageLoading } from '../../components/page-loading.tsx';
import { container } from '../../components/ui/styles.ts';
import { getAdminSession } from '../../features/admin-shell/api/admin.ts';
import { ConsoleLayout } from '../../features/admin-shell/components/console-layout.tsx';
import { ConsoleUnavailable } from '../../features/admin-shell/components/console-unavailable.tsx';
import { EnrolScreen } from '../../features/admin-shell/components/enrol-screen.tsx';
import { VerifyScreen } from '../../features/admin-shell/components/verify-screen.tsx';
import NotFoundPage from '../not-found.tsx';
import { CONSOLE_AREAS } from './areas.ts';

/**
 * /admin/…: the owner's console (the route guard lets owners only in), in its own frame (no
 * site header or footer). The second factor first, set up at the first sign-in and asked at
 * every other; then the area at the address, Today by default.
 */
export default function ConsolePage() {
  const session = useLoad(getAdminSession);
  const passed = (recoveryCodesLeft: number) =>
    session.set((shown) => ({ ...shown, mfa: 'verified', recoveryCodesLeft }));
  // The manifest makes the console installable on the owner's home screen, like the day sheet.
  const framed = (children: ReactNode, areas?: typeof CONSOLE_AREAS) => (
    <ConsoleLayout areas={areas}>
      <link rel="manifest" href="/admin.webmanifest" />
      {children}
    </ConsoleLayout>
  );
  if (session.loading) return framed(<PageLoading />);
  if (session.failure || !session.data) {
    return framed(<ConsoleUnavailable message={session.failure ?? ''} onRetry={session.reload} />);
  }
  switch (session.data.mfa) {
    case 'enrol':
      return framed(<EnrolScreen onDone={passed} />);
    case 'verify':
      return framed(<VerifyScreen onDone={passed} />);
  }
  return framed(
    <div className={`${container} py-5 sm:py-8`}>
      <Suspense fallback={<PageLoading inPage />}>
        <Switch>
          <Route path="/">
            <Redirect to={CONSOLE_AREAS[0].path} replace />
          </Route>
          {CONSOLE_AREAS.map((area) => (
            <Route key={area.path} path={area.path} component={area.screen} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </div>,
    CONSOLE_AREAS,
  );
}
