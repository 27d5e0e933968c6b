import { Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageLoading } from '../../components/page-loading.tsx';
import { ConsoleLayout } from '../../features/admin-shell/components/console-layout.tsx';
import { ConsoleUnavailable } from '../../features/admin-shell/components/console-unavailable.tsx';
import { EnrolScreen } from '../../features/admin-shell/components/enrol-screen.tsx';
import { VerifyScreen } from '../../features/admin-shell/components/verify-screen.tsx';
import { useSecondFactor } from '../../features/admin-shell/hooks/use-second-factor.ts';
import NotFoundPage from '../not-found.tsx';
import { CONSOLE_AREAS } from './areas.ts';

/**
 * /admin/…: the owner's console (the route guard lets owners only in). The second factor
 * first, set up at the first sign-in and asked at every other; then the area at the address,
 * Rides by default.
 */
export default function ConsolePage() {
  const { factor, retry, passed } = useSecondFactor();
  switch (factor.status) {
    case 'loading':
      return <PageLoading />;
    case 'failed':
      return <ConsoleUnavailable message={factor.message} onRetry={retry} />;
    case 'enrol':
      return <EnrolScreen onDone={passed} />;
    case 'verify':
      return <VerifyScreen onDone={passed} />;
  }
  return (
    <ConsoleLayout areas={CONSOLE_AREAS}>
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
    </ConsoleLayout>
  );
}
