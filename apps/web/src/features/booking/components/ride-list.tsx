import { Link } from 'wouter';
import {
  MY_RIDE_STATE_LABELS,
  formatSlotDateLong,
  formatSlotTime,
  wallClockAt,
  type MyRide,
  type MyRideState,
} from '@app/shared';
import {
  BookAgainLink,
  CustomerCancellation,
  OwnerCancellation,
} from '../../../components/ride-cancellation.tsx';
import { buttonPrimary, card } from '../../../components/ui/styles.ts';
import { TripDetails } from './trip-details.tsx';

/** The badge's colours by how the ride stands: paid green, waiting amber, cancelled red. */
const BADGE_CLASSES: Readonly<Record<MyRideState, string>> = {
  awaiting_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-success-tint text-success',
  moved: 'bg-success-tint text-success',
  cancelled_by_you: 'bg-danger-tint text-danger',
  cancelled_by_us: 'bg-danger-tint text-danger',
  completed: 'bg-brand-tint text-brand',
  no_show: 'bg-line text-ink',
};

/** A section of My rides: its heading and its rides as cards, or a line saying there are none. */
export function RideSection({
  id,
  title,
  rides,
  empty,
}: {
  id: string;
  title: string;
  rides: MyRide[];
  empty: string;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-brand">
        {title}
      </h2>
      {rides.length === 0 ? (
        <p className="mt-3 text-ink-muted">{empty}</p>
      ) : (
        <ol role="list" className="mt-4 space-y-4">
          {rides.map((ride) => (
            <li key={ride.id}>
              <RideCard ride={ride} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** `9:00 AM – 9:30 AM`: the start as booked, the end as New York's clock reads it. */
function timeSpan(ride: MyRide): string {
  const end = wallClockAt(new Date(ride.endsAt));
  return `${ride.slotTime} – ${formatSlotTime(end.hour, end.minute)}`;
}

function RideCard({ ride }: { ride: MyRide }) {
  const headingId = `ride-${ride.id}`;
  return (
    <article aria-labelledby={headingId} className={`${card} p-4 sm:p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold text-brand">
            {ride.service.name}
          </h3>
          <p className="text-sm text-ink">
            <span className="font-medium">{formatSlotDateLong(ride.slotDate)}</span>,{' '}
            <span className="tabular-nums">{timeSpan(ride)}</span>
          </p>
          {ride.serviceType && <p className="text-sm text-ink-muted">{ride.serviceType}</p>}
        </div>
        <span
          className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${BADGE_CLASSES[ride.state]}`}
        >
          {MY_RIDE_STATE_LABELS[ride.state]}
        </span>
      </div>
      {ride.ownerCancellation && <OwnerCancellation cancellation={ride.ownerCancellation} />}
      {ride.customerCancellation && (
        <CustomerCancellation cancellation={ride.customerCancellation} />
      )}
      <TripDetails appointmentId={ride.id} trip={ride.trip} className="mt-3" />
      <div className="mt-4 flex flex-wrap gap-3 border-t border-line pt-4">
        <Link
          href={`/my-appointments/${ride.id}`}
          className={buttonPrimary}
          aria-label={`Manage ${ride.service.name}, ${formatSlotDateLong(ride.slotDate)} at ${ride.slotTime}`}
        >
          Manage
        </Link>
        <BookAgainLink ride={ride} />
      </div>
    </article>
  );
}
