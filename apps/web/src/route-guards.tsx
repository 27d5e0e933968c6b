import { lazy, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { isPendingStaff, isStaffRole, type SignedInProfile, type StaffRole } from '@app/shared';
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

/**
 * Where a staff session still to pass the second factor goes, which asks for the code: the
 * console for an owner, the day sheet for a chauffeur.
 */
const SECOND_FACTOR_PATHS: Record<StaffRole, string> = { owner: '/admin', chauffeur: '/drive' };

/**
 * Signed-in only: a visitor goes to /login and, after signing in, back to this page. A staff
 * session that has not passed the second factor goes to the code screen: the API refuses it
 * everything else.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, userLoading, signingOut } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (userLoading) return <PageLoading />;
  if (!user) {
    if (signingOut) return <PageLoading />;
    return <Redirect to={loginHref(search ? `${location}?${search}` : location)} replace />;
  }
  if (isPendingStaff(user)) return <Redirect to={SECOND_FACTOR_PATHS[user.role]} replace />;
  return children;
}

/** Where a sign-in goes: `returnTo`, or the code screen for staff still to pass the second factor. */
function afterSignIn(user: SignedInProfile, returnTo: string): string {
  if (!isPendingStaff(user)) return returnTo;
  const factorPath = SECOND_FACTOR_PATHS[user.role];
  const toIt = returnTo === factorPath || returnTo.startsWith(`${factorPath}/`);
  return toIt ? returnTo : factorPath;
}

/** Signed-out only: a signed-in user sees the 404 page. */
export function RequireGuest({ children }: { children: ReactNode }) {
  const { user, userLoading, returnTo } = useSession();
  if (userLoading) return <PageLoading />;
  if (user) {
    return returnTo ? <AfterSignIn to={afterSignIn(user, returnTo)} /> : <NotFoundPage />;
  }
  return children;
}

// A ride of the customer's (/my-appointments/:id): here, not in routes.tsx, to keep it out of
// the public pages' first download.
const RidePage = lazy(() => import('./pages/ride.tsx'));
// Its bill after the ride, and the receipt once paid (the bill's messages link to the bill).
const BillPage = lazy(() => import('./pages/bill.tsx'));
const ReceiptPage = lazy(() => import('./pages/receipt.tsx'));

// The console's code loads only for an owner.
const ConsolePage = lazy(() => import('./pages/admin/console.tsx'));

/**
 * The owner's console (its own routes within): anyone else, a visitor too, sees the 404 page at
 * every `/admin` address, never a hint that a console exists. The API decides what an owner may
 * do; this only hides.
 */
function OwnerConsole() {
  const { user, userLoading } = useSession();
  if (userLoading) return <PageLoading />;
  return user?.role === 'owner' ? <ConsolePage /> : <NotFoundPage />;
}

// The live trip page a chauffeur's messages link to: open to whoever holds the link.
const TripPage = lazy(() => import('./pages/trip.tsx'));

// A chauffeur's day sheet: its code loads only for staff.
const DrivePage = lazy(() => import('./pages/drive.tsx'));

/**
 * /drive: the day sheet of whoever drives (a chauffeur, or an owner). A visitor signs in and
 * comes back; with no signal (no profile came) the sheet this device kept; a customer sees
 * the 404 page. The API decides what each may see.
 */
function ChauffeurDay() {
  const { user, userLoading } = useSession();
  if (userLoading) return <PageLoading />;
  if (!user) {
    if (typeof navigator !== 'undefined' && !navigator.onLine)
      return <DrivePage signedIn={false} />;
    return <Redirect to={loginHref('/drive')} replace />;
  }
  return isStaffRole(user.role ?? 'customer') ? <DrivePage signedIn /> : <NotFoundPage />;
}

/**
 * Every address the other routes (routes.tsx) do not take: a customer's ride page, the owner's
 * console under `/admin`, else the 404 page. Here rather than in routes.tsx, so the first download of the public pages
 * carries nothing of the console.
 */
export function OtherRoutes() {
  return (
    <Switch>
      <Route path="/my-appointments/:id/bill">
        <RequireUser>
          <BillPage />
        </RequireUser>
      </Route>
      <Route path="/my-appointments/:id/receipt">
        <RequireUser>
          <ReceiptPage />
        </RequireUser>
      </Route>
      <Route path="/my-appointments/:id">
        <RequireUser>
          <RidePage />
        </RequireUser>
      </Route>
      <Route path="/admin" nest component={OwnerConsole} />
      <Route path="/drive" component={ChauffeurDay} />
      <Route path="/trip/:token" component={TripPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
