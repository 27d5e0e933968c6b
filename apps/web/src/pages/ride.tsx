import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { telHref, type RideView } from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { ApiError, failureMessage } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { card, container, eyebrow } from '../components/ui/styles.ts';
import { getRide } from '../features/ride/api/ride.ts';
import { CancelRide } from '../features/ride/components/cancel-ride.tsx';
import { RescheduleForm } from '../features/ride/components/reschedule-form.tsx';
import { RideCalendarLinks } from '../features/ride/components/ride-calendar-links.tsx';
import { RideSummary } from '../features/ride/components/ride-summary.tsx';
import NotFoundPage from './not-found.tsx';

type Loaded =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; ride: RideView; past: boolean };

/** A ride as loaded, and whether its time has passed then (a ride not yet marked done). */
const loadedRide = (ride: RideView): Loaded => ({
  state: 'loaded',
  ride,
  past: Date.parse(ride.slotStart) <= Date.now(),
});

/** What a ride that is not booked and paid ahead says instead of the changes. */
const STATUS_NOTES: Record<Exclude<RideView['status'], 'paid'>, string> = {
  cancelled: 'This ride is cancelled.',
  completed: 'This ride is done. Thank you for riding with us.',
  no_show: 'This ride is over.',
  pending_payment: 'This booking is waiting for its payment.',
  expired: 'This booking was not paid.',
};

/**
 * /my-appointments/:id: one of the customer's rides, where they reschedule or cancel it up to
 * the limit before pickup (after it, the business's phone). Messages about the ride link here.
 */
export default function RidePage() {
  const { id = '' } = useParams<{ id: string }>();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const statusRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let live = true;
    getRide(id)
      .then(({ ride }) => live && setLoaded(loadedRide(ride)))
      .catch((error: unknown) => {
        if (!live) return;
        // Someone else's ride, or no ride at all: the 404 page, whichever it is.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          setLoaded({ state: 'missing' });
          return;
        }
        const message = failureMessage(error, 'load');
        notify('error', message, { form: 'ride' });
        setLoaded({ state: 'failed', message });
      });
    return () => {
      live = false;
    };
  }, [id]);

  if (loaded.state === 'missing') return <NotFoundPage />;

  /** After a change: the ride as it now is, said, and focus on what changed. */
  const changed = (ride: RideView, message: string) => {
    setLoaded(loadedRide(ride));
    notify('success', message, { form: 'ride' });
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  const ride = loaded.state === 'loaded' ? loaded.ride : undefined;
  const past = loaded.state === 'loaded' && loaded.past;
  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="Your Ride" />
      <div className="mx-auto max-w-3xl">
        <Link
          href="/my-appointments"
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand underline-offset-4 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          My Appointments
        </Link>
        <p className={`${eyebrow} mt-4`}>Account</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl">Your Ride</h1>
        {loaded.state === 'failed' ? (
          <p className="mt-8 text-ink-muted">{loaded.message}</p>
        ) : !ride ? (
          <PageLoading label="Loading your ride..." inPage />
        ) : (
          <>
            <section aria-label="Ride details" className={`${card} mt-8 p-4 sm:p-6`}>
              <RideSummary ride={ride}>
                <p
                  ref={statusRef}
                  tabIndex={-1}
                  className="mt-4 font-semibold text-brand focus:outline-none"
                >
                  {ride.status !== 'paid'
                    ? STATUS_NOTES[ride.status]
                    : past
                      ? "This ride's time has passed."
                      : 'Booking Fee Paid'}
                </p>
              </RideSummary>
              <RideCalendarLinks ride={ride} />
            </section>
            {ride.status === 'paid' && ride.changeable ? (
              <div className="mt-8 grid gap-8">
                <div className={`${card} p-4 sm:p-6`}>
                  {/* Keyed by the slot: after a move the form starts afresh from the new one. */}
                  <RescheduleForm key={ride.slotStart} ride={ride} onMoved={changed} />
                </div>
                <div className={`${card} p-4 sm:p-6`}>
                  <CancelRide ride={ride} onCancelled={changed} />
                </div>
              </div>
            ) : ride.status === 'paid' && !past ? (
              <section aria-labelledby="ride-by-phone" className={`${card} mt-8 p-4 sm:p-6`}>
                <h2 id="ride-by-phone" className="text-xl font-semibold text-brand">
                  Need to change this ride?
                </h2>
                <p className="mt-2 text-ink">
                  Rides can be changed online up to {ride.changeCutoffHours} hours before pickup.
                  Please call us at{' '}
                  <a
                    href={telHref(BUSINESS.phone)}
                    className="font-semibold text-brand underline underline-offset-4"
                  >
                    {BUSINESS.phone}
                  </a>
                  .
                </p>
              </section>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
