import { lazy, useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useApp } from '../../state/app-context.tsx';
import { PageLoading } from '../page-loading.tsx';

const NotFoundPage = lazy(() => import('../../pages/not-found.tsx'));

/** Where a successful sign-in goes when the visitor was not on the way somewhere else. */
export const DEFAULT_AFTER_LOGIN = '/services';

/** Pages a signed-in user cannot open: never a destination after signing in. */
const SIGNED_OUT_ONLY = ['/login', '/forgot-password', '/reset-password'];

/**
 * The `next` parameter when it is a path on this site: one leading `/` (not `//`, which a
 * browser reads as another host), no backslash or control character, not a signed-out-only page.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || next.length > 2000) return undefined;
  if (!next.startsWith('/') || next.startsWith('//')) return undefined;
  // Browsers treat `\` like `/` in URLs, and strip tabs and newlines before parsing.
  if (/[\\\p{Cc}]/u.test(next)) return undefined;
  const pathname = next.split(/[?#]/)[0] ?? '';
  if (SIGNED_OUT_ONLY.some((page) => pathname === page || pathname.startsWith(`${page}/`))) {
    return undefined;
  }
  return next;
}

/** The login page's address for a visitor headed to `path`. */
export function loginHref(path: string): string {
  const next = safeNextPath(path);
  return next ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

/*
 * Signing in or out changes `user` while the visitor is still on a page that is guarded the
 * other way: without these flags the login page would flash the 404 page (user just set) and
 * a signed-in-only page would bounce to /login (user just cleared) before the navigation.
 */
let pendingSignIn: string | undefined;
let signingOut = false;

/** Called by a sign-in form just before it loads the profile: go here once the user is set. */
export function expectSignIn(destination: string | undefined): void {
  pendingSignIn = destination;
}

/** Called around logout: while it runs, a signed-in-only page waits instead of redirecting. */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

function AfterSignIn({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    pendingSignIn = undefined;
    navigate(to, { replace: true });
  }, [navigate, to]);
  return <PageLoading />;
}

/** Signed-in only: a visitor goes to /login and, after signing in, back to this page. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, userLoading } = useApp();
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
  const { user, userLoading } = useApp();
  if (userLoading) return <PageLoading />;
  if (user) {
    return pendingSignIn ? <AfterSignIn to={pendingSignIn} /> : <NotFoundPage />;
  }
  return children;
}
