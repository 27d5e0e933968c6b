import { Link } from 'wouter';
import { useLoad } from '../lib/use-load.ts';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { buttonPrimary, card, container, eyebrow } from '../components/ui/styles.ts';
import { listMyRides } from '../features/booking/api/booking.ts';
import { RideSection } from '../features/booking/components/ride-list.tsx';

/**
 * /my-rides: every ride of the signed-in customer, upcoming soonest first, then the
 * past, each with its state and a way to manage it or book it again. My Appointments keeps
 * the spec's two cards and links here.
 */
export default function MyRidesPage() {
  const loaded = useLoad(() => listMyRides(), []);
  const rides = loaded.data;

  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="My rides" />
      <div className="mx-auto max-w-3xl">
        <p className={eyebrow}>Account</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl">My rides</h1>
        <p className="mt-2 text-ink-muted">
          Every ride you booked: upcoming ones soonest first, then past ones.
        </p>
        {loaded.failure ? (
          <p role="alert" className={`${card} mt-8 p-5 text-danger`}>
            {loaded.failure}
          </p>
        ) : rides === undefined ? (
          <div className="mt-8">
            <PageLoading label="Loading your rides..." inPage />
          </div>
        ) : rides.upcoming.length + rides.past.length === 0 ? (
          <div className={`${card} mt-8 p-8 text-center sm:p-12`}>
            <h2 className="text-xl font-semibold text-brand">No rides yet</h2>
            <p className="mt-2 text-ink-muted">Choose a car and a time to book your first ride.</p>
            <Link href="/services" className={`${buttonPrimary} mt-6`}>
              Browse cars
            </Link>
          </div>
        ) : (
          <>
            <RideSection
              id="upcoming-rides"
              title="Upcoming rides"
              rides={rides.upcoming}
              empty="No upcoming rides."
            />
            <RideSection
              id="past-rides"
              title="Past rides"
              rides={rides.past}
              empty="No past rides yet."
            />
          </>
        )}
      </div>
    </div>
  );
}
