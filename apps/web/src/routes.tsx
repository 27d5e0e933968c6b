import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { HomePage } from './pages/home.tsx';
import { PageLoading } from './components/page-loading.tsx';

type PreloadablePage = ComponentType & { preload: () => Promise<void> };

/**
 * A screen in its own chunk, like `React.lazy`, that can also be loaded ahead: a page rendered
 * by the server loads its screen's code before hydrating, so hydration never meets a suspended screen.
 * Each mount keeps the component it started with, so a later preload never remounts a page.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  let loaded: ComponentType | undefined;
  const Lazy = lazy(load);
  function Page() {
    const [Screen] = useState(() => loaded ?? Lazy);
    return <Screen />;
  }
  return Object.assign(Page, {
    preload: () =>
      load().then((module) => {
        loaded = module.default;
      }),
  });
}

// The home page ships with the first screen; every other screen is its own chunk.
const ServicesPage = lazyPage(() => import('./pages/services.tsx'));
const AppointmentPage = lazyPage(() => import('./pages/appointment.tsx'));
const AboutPage = lazyPage(() => import('./pages/about.tsx'));
const ContactPage = lazyPage(() => import('./pages/contact.tsx'));
const PrivacyPage = lazyPage(() => import('./pages/privacy.tsx'));
const LoginPage = lazy(() => import('./pages/login.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password.tsx'));
const VerifyEmailPage = lazy(() => import('./pages/verify-email.tsx'));
const MyProfilePage = lazy(() => import('./pages/my-profile.tsx'));
const FeedbackPage = lazy(() => import('./pages/feedback.tsx'));
const SuccessPage = lazy(() => import('./pages/success.tsx'));
const MyAppointmentsPage = lazy(() => import('./pages/my-appointments.tsx'));
const MyRidesPage = lazy(() => import('./pages/my-rides.tsx'));
// The route guards come with the screens they guard: the home page's download carries neither
// (one import for all: the first page carries one list of their chunks, not one each).
const routeGuards = () => import('./route-guards.tsx');
const RequireUser = lazy(() => routeGuards().then((module) => ({ default: module.RequireUser })));
const RequireGuest = lazy(() => routeGuards().then((module) => ({ default: module.RequireGuest })));
// Any other address: the owner's console under /admin for an owner, else the 404 page.
const OtherRoutes = lazy(() => routeGuards().then((module) => ({ default: module.OtherRoutes })));

/**
 * The screens of the pages rendered by the server (ssr/pages.ts), by route pattern as
 * written in the Switch below: their code is loaded before the HTML hydrates.
 */
const RENDERED_SCREENS: Record<string, PreloadablePage | undefined> = {
  '/services': ServicesPage,
  '/services/:type': ServicesPage,
  '/appointment/:serviceId': AppointmentPage,
  '/about': AboutPage,
  '/contact': ContactPage,
  '/privacy': PrivacyPage,
};

/** Loads the code of the screen at this route pattern (e.g. `/services/:type`), if it has any. */
export async function preloadScreen(route: string): Promise<void> {
  await RENDERED_SCREENS[route]?.preload();
}

/**
 * Every route change starts at the top of the page, with focus on the main area: keyboard and
 * screen-reader users continue from the new page's content, not from wherever the old page's
 * focused control was (the first load leaves focus to the browser).
 */
function StartOfPage() {
  const [location] = useLocation();
  const firstLocation = useRef(location);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (location === firstLocation.current) return;
    firstLocation.current = '';
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <StartOfPage />
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/services" component={ServicesPage} />
          <Route path="/services/:type" component={ServicesPage} />
          <Route path="/appointment/:serviceId" component={AppointmentPage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/contact" component={ContactPage} />
          <Route path="/privacy" component={PrivacyPage} />
          {/* Signed in only: a visitor is sent to /login and comes back after signing in. */}
          <Route path="/my-profile">
            <RequireUser>
              <MyProfilePage />
            </RequireUser>
          </Route>
          <Route path="/feedback">
            <RequireUser>
              <FeedbackPage />
            </RequireUser>
          </Route>
          <Route path="/my-appointments">
            <RequireUser>
              <MyAppointmentsPage />
            </RequireUser>
          </Route>
          <Route path="/my-rides">
            <RequireUser>
              <MyRidesPage />
            </RequireUser>
          </Route>
          {/* The checkout returns here with ?session_id=; the guard keeps it through login. */}
          <Route path="/success">
            <RequireUser>
              <SuccessPage />
            </RequireUser>
          </Route>
          {/* Signed out only: a signed-in user reaches the 404 page. */}
          <Route path="/login">
            <RequireGuest>
              <LoginPage />
            </RequireGuest>
          </Route>
          <Route path="/forgot-password">
            <RequireGuest>
              <ForgotPasswordPage />
            </RequireGuest>
          </Route>
          <Route path="/reset-password/:token">
            <RequireGuest>
              <ResetPasswordPage />
            </RequireGuest>
          </Route>
          {/* Signed in or not: the link may be opened in any browser. */}
          <Route path="/verify-email/:token">
            <VerifyEmailPage />
          </Route>
          <Route component={OtherRoutes} />
        </Switch>
      </Suspense>
    </>
  );
}
