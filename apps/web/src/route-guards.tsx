import { lazy, useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginHref } from './lib/next-path.ts';
import { signInArrived, useSession } from './state/session.tsx';
import { PageLoading } from './components/page-loading.tsx';

const NotFoundPage = lazy(() => import('./pages/not-found.tsx'));

function AfterSignIn({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    signInArrived();
    navigate(to, { replace: true });
  }, [navigate, to]);
  return <PageLoading />;
}

/** Signed-in only: a visitor goes to /login and, after signing in, back to this page. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, userLoading, signingOut } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (userLoading) return <PageLoading />;
  if (!user) {
    if (signingOut) return <PageLoading />;
    return <Redirect to={loginHref(search ? `${location}?${search}` : location)} replace />;
  }
  return children;
}

/** Signed-out only: a signed-in user sees the 404 page. */
export function RequireGuest({ children }: { children: ReactNode }) {
  const { user, userLoading, returnTo } = useSession();
  if (userLoading) return <PageLoading />;
  if (user) {
    return returnTo ? <AfterSignIn to={returnTo} /> : <NotFoundPage />;
  }
  return children;
}
