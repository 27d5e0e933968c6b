import { Link } from 'wouter';
import {
  HOLD_LAPSING_MINUTES,
  TRIP_STATUS_LABELS,
  UNMARKED_RIDE_DAYS,
  type Ride,
  type TodayResponse,
} from '@app/shared';
import { card } from '../../../components/ui/styles.ts';
import { addDaysIso, formatDayHeading, screenPath } from '../utils/ride-view.ts';
import { StatusBadge } from './ride-facts.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A ride still to happen or done: what the day's count and its first pickup are made of. */
const counts = (ride: Ride) => ride.status !== 'cancelled';

/**
 * The day in one line (how many rides, the first pickup's time) and, as links to where each is
 * dealt with, what needs the owner now: holds about to lapse, messages that failed for good,
 * rides past their pickup time not yet marked, chauffeurs late to set off, rides nobody drives.
 */
export function TodaySummary({ day, isToday }: { day: TodayResponse; isToday: boolean }) {
  const rides = day.rides.filter(counts);
  const first = rides[0];
  const needs = [
    day.holdsLapsing > 0 && {
      href: screenPath({ status: 'pending_payment' }),
      text: `${plural(day.holdsLapsing, 'unpaid hold lapses', 'unpaid holds lapse')} within ${HOLD_LAPSING_MINUTES} minutes`,
    },
    day.failedMessages > 0 && {
      href: '/messages',
      text: `${plural(day.failedMessages, 'message', 'messages')} failed`,
    },
    day.unmarkedRides > 0 && {
      href: screenPath({
        status: 'paid',
        from: addDaysIso(day.date, -UNMARKED_RIDE_DAYS),
        to: day.date,
      }),
      text: `${plural(day.unmarkedRides, 'ride', 'rides')} past pickup, not marked completed or no-show`,
    },
    ...day.lateChauffeurs.map((ride) => ({
      href: screenPath({ ride: ride.id }),
      text: `${ride.chauffeurName ?? 'The chauffeur'} has not set off for the ${ride.slotTime} ride (${ride.carName})`,
    })),
    ...day.unassignedRides.map((ride) => ({
      href: screenPath({ ride: ride.id }),
      text: `Nobody drives the ${ride.slotTime} ride on ${formatDayHeading(ride.slotDate)} (${ride.carName})`,
    })),
  ].filter((need) => need !== false);
  return (
    <div className="mt-3">
      <p className="text-lg font-semibold text-ink">
        {rides.length === 0
          ? isToday
            ? 'No rides today.'
            : 'No rides this day.'
          : `${plural(rides.length, 'ride', 'rides')}${isToday ? ' today' : ''}, the first at ${first?.slotTime ?? ''}.`}
      </p>
      {needs.length > 0 ? (
        <ul aria-label="Needs you" className="mt-2 flex flex-wrap gap-2">
          {needs.map((need) => (
            <li key={need.href}>
              <Link
                href={need.href}
                className="inline-flex min-h-11 items-center rounded-xl bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-900 underline-offset-2 hover:underline"
              >
                {need.text}
              </Link>
            </li>
          ))}
        </ul>
      ) : isToday ? (
        <p className="mt-1 text-ink-muted">Nothing else needs you now.</p>
      ) : null}
    </div>
  );
}

/** The day's rides in time order, each a link to the ride: time, status, car, customer, pickup. */
export function TodayRides({
  rides,
  label,
  rideHref,
}: {
  rides: readonly Ride[];
  label: string;
  rideHref: (id: string) => string;
}) {
  if (rides.length === 0) return null;
  return (
    <ol aria-label={label} className="mt-4 space-y-2">
      {rides.map((ride) => (
        <li key={ride.id}>
          <Link
            href={rideHref(ride.id)}
            className={`${card} flex gap-4 p-3 transition-colors hover:bg-brand-tint sm:p-4 ${
              ride.status === 'cancelled' ? 'opacity-80' : ''
            }`}
          >
            <span className="min-w-[5.5rem] shrink-0 text-lg font-bold whitespace-nowrap text-brand tabular-nums">
              {ride.slotTime}
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold text-ink">{ride.customerName}</span>
                <StatusBadge status={ride.status} />
              </span>
              <span className="block text-sm text-ink-muted">
                {ride.carName} ·{' '}
                {ride.chauffeur
                  ? `${ride.chauffeur.name}${ride.tripStatus ? `: ${TRIP_STATUS_LABELS[ride.tripStatus]}` : ''}`
                  : 'No chauffeur'}
              </span>
              <span className="block truncate text-sm text-ink-muted">{ride.pickupAddress}</span>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
