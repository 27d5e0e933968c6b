import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { HomePage } from './pages/home.tsx';
import { PageLoading } from './components/page-loading.tsx';
import { RequireGuest, RequireUser } from './components/account/route-guards.tsx';

// The home page ships with the first screen; every other screen is its own chunk.
const ServicesPage = lazy(() => import('./pages/services.tsx'));
const AppointmentPage = lazy(() => import('./pages/appointment.tsx'));
const AboutPage = lazy(() => import('./pages/about.tsx'));
const ContactPage = lazy(() => import('./pages/contact.tsx'));
const PrivacyPage = lazy(() => import('./pages/privacy.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found.tsx'));
const LoginPage = lazy(() => import('./pages/login.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password.tsx'));
const MyProfilePage = lazy(() => import('./pages/my-profile.tsx'));
const FeedbackPage = lazy(() => import('./pages/feedback.tsx'));
const SuccessPage = lazy(() => import('./pages/success.tsx'));
const MyAppointmentsPage = lazy(() => import('./pages/my-appointments.tsx'));

/** Every route change starts at the top of the page. */
function ScrollToTop() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
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
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </>
  );
}
