import { useRef } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import type { RideView } from '@app/shared';
import { ApiError } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { useLoad } from '../lib/use-load.ts';
import { BookedPriceDetails } from '../components/booked-price.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import {
  BookAgainLink,
  CustomerCancellation,
  OwnerCancellation,
} from '../components/ride-cancellation.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { card, container, eyebrow } from '../components/ui/styles.ts';
import { getRide } from '../features/ride/api/ride.ts';
import { CancelRide } from '../features/ride/components/cancel-ride.tsx';
import { ChangeByPhone } from '../features/ride/components/change-by-phone.tsx';
import { RescheduleForm } from '../features/ride/components/reschedule-form.tsx';
import { RateRide } from '../features/ride/components/rate-ride.tsx';
import { RideBillLink } from '../features/bill/components/ride-bill-link.tsx';
import { RideCalendarLinks } from '../features/ride/components/ride-calendar-links.tsx';
import { RideStatusNote } from '../features/ride/components/ride-status-note.tsx';
import { RideSummary } from '../features/ride/components/ride-summary.tsx';
import { RoundTripNote } from '../features/ride/components/round-trip-note.tsx';
import { LiveTrip } from '../features/trip/components/live-trip.tsx';
import NotFoundPage from './not-found.tsx';

/** A ride as loaded, and whether its time has passed then (a ride not yet marked done). */
const loadedRide = (ride: RideView) => ({ ride, past: Date.parse(ride.slotStart) <= Date.now() });

/** The trip is followed on the ride's page from a day before pickup, as the car comes. */
const FOLLOW_FROM_MS = 24 * 60 * 60_000;
const followed = (ride: RideView) =>
  ride.tripToken !== null && Date.parse(ride.slotStart) - Date.now() <= FOLLOW_FROM_MS;

/** Someone else's ride, or no ride at all: the 404 page, whichever it is. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /my-appointments/:id: one of the customer's rides, where they reschedule or cancel it up to
 * the limit before pickup (after it, the business's phone). Messages about the ride link here.
 */
export default function RidePage() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(() => getRide(id).then(({ ride }) => loadedRide(ride)), [id], {
    onFailed: (message, error) => {
      if (!isMissing(error)) notify('error', message, { form: 'ride' });
    },
  });
  const statusRef = useRef<HTMLParagraphElement>(null);

  if (isMissing(loaded.error)) return <NotFoundPage />;

  /** After a change: the ride as it now is, said, and focus on what changed. */
  const changed = (ride: RideView, message: string) => {
    loaded.set(() => loadedRide(ride));
    notify('success', message, { form: 'ride' });
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  const ride = loaded.data?.ride;
  const past = loaded.data?.past === true;
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
        {loaded.failure ? (
          <p className="mt-8 text-ink-muted">{loaded.failure}</p>
        ) : !ride ? (
          <PageLoading label="Loading your ride..." inPage />
        ) : (
          <>
            <section aria-label="Ride details" className={`${card} mt-8 p-4 sm:p-6`}>
              <RideSummary ride={ride}>
                <RideStatusNote ref={statusRef} ride={ride} past={past} />
                {ride.ownerCancellation && (
                  <OwnerCancellation cancellation={ride.ownerCancellation} />
                )}
                {ride.customerCancellation && (
                  <CustomerCancellation cancellation={ride.customerCancellation} />
                )}
                <RoundTripNote ride={ride} />
                {/* What the ride costs and why, as booked: while it is booked or done. */}
                {ride.price && (ride.status === 'paid' || ride.status === 'completed') && (
                  <BookedPriceDetails price={ride.price} />
                )}
              </RideSummary>
              <RideCalendarLinks ride={ride} />
            </section>
            {/* A done ride's bill, once the owner has sent it. */}
            {ride.status === 'completed' && <RideBillLink rideId={ride.id} />}
            {ride.tripToken && followed(ride) ? (
              <section aria-label="Your trip, live" className={`${card} mt-8 p-4 sm:p-6`}>
                <LiveTrip token={ride.tripToken} />
              </section>
            ) : null}
            {/* A completed ride invites a rating (the thank-you email links here). */}
            {ride.status === 'completed' ? (
              <div className={`${card} mt-8 p-4 sm:p-6`}>
                <RateRide rideId={ride.id} />
              </div>
            ) : null}
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
              <ChangeByPhone ride={ride} />
            ) : ride.ownerCancellation ? (
              <div className="mt-6">
                <BookAgainLink ride={ride} />
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
