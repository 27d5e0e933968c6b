import { Link } from 'wouter';
import {
  HOLD_LAPSING_MINUTES,
  TODAY_BILLS_LISTED,
  TRIP_STATUS_LABELS,
  UNMARKED_RIDE_DAYS,
  type BillAlert,
  type Ride,
  type TodayResponse,
} from '@app/shared';
import { card } from '../../../components/ui/styles.ts';
import { addDaysIso, formatDayHeading, screenPath } from '../utils/ride-view.ts';
import { BillBadge, StatusBadge } from './ride-facts.tsx';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** Bills are listed up to `TODAY_BILLS_LISTED`: a full list may hold back more. */
const billCount = (n: number, one: string, many: string) =>
  n >= TODAY_BILLS_LISTED ? `${n}+ ${many}` : plural(n, one, many);

const needLink =
  'inline-flex min-h-11 items-center rounded-xl bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-900 underline-offset-2 hover:underline';

/** A ride whose bill needs the owner, in words: whose, when, which car. */
const billRide = (ride: BillAlert) =>
  `${ride.customerName}’s ${ride.slotTime} ride on ${formatDayHeading(ride.slotDate)} (${ride.carName})`;

/** A ride still to happen or done: what the day's count and its first pickup are made of. */
const counts = (ride: Ride) => ride.status !== 'cancelled';

/**
 * The day in one line (how many rides, the first pickup's time) and, as links to where each is
 * dealt with, what needs the owner now: holds about to lapse, messages that failed for good,
 * rides past their pickup time not yet marked, chauffeurs late to set off, rides nobody drives,
 * balances the bank refused (until paid through the link) and completed rides' bills to send.
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
    // Counted here, each listed under the day's rides: the first pickup stays on a phone's first
    // screen however many bills wait.
    day.balancesDue.length > 0 && {
      href: '#balances-due',
      text: `${billCount(day.balancesDue.length, 'balance', 'balances')} due by payment link`,
    },
    day.billsToSend.length > 0 && {
      href: '#bills-to-send',
      text: `${billCount(day.billsToSend.length, 'bill', 'bills')} to send`,
    },
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
          {needs.map((need) =>
            need.href.startsWith('#') ? (
              <li key={need.href}>
                <a href={need.href} className={needLink}>
                  {need.text}
                </a>
              </li>
            ) : (
              <li key={need.href}>
                <Link href={need.href} className={needLink}>
                  {need.text}
                </Link>
              </li>
            ),
          )}
        </ul>
      ) : isToday ? (
        <p className="mt-1 text-ink-muted">Nothing else needs you now.</p>
      ) : null}
    </div>
  );
}

/**
 * The bills that need the owner whatever the day shown: balances the bank refused or asked to
 * confirm (the customer has a payment link; named until paid), then completed rides' drafts to
 * review and send, the oldest first, each a link to its ride. The summary's notes lead here.
 */
export function TodayBills({
  day,
  rideHref,
}: {
  day: TodayResponse;
  rideHref: (id: string) => string;
}) {
  if (day.balancesDue.length === 0 && day.billsToSend.length === 0) return null;
  return (
    <section aria-labelledby="owner-bills" className="mt-6">
      <h2 id="owner-bills" className="text-lg font-bold text-brand">
        Bills that need you
      </h2>
      <BillAlerts
        id="balances-due"
        title="Balances due"
        rides={day.balancesDue}
        rideHref={rideHref}
      />
      <BillAlerts
        id="bills-to-send"
        title="Bills to review and send"
        rides={day.billsToSend}
        rideHref={rideHref}
      />
    </section>
  );
}

function BillAlerts({
  id,
  title,
  rides,
  rideHref,
}: {
  id: string;
  title: string;
  rides: readonly BillAlert[];
  rideHref: (id: string) => string;
}) {
  if (rides.length === 0) return null;
  return (
    <>
      {/* The summary's note links here: the heading takes the focus it moves. */}
      <h3 id={id} tabIndex={-1} className="mt-3 scroll-mt-20 font-semibold text-ink">
        {title}
      </h3>
      <ul aria-labelledby={id} className="mt-2 space-y-2">
        {rides.map((ride) => (
          <li key={ride.id}>
            <Link
              href={rideHref(ride.id)}
              className={`${card} flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 p-3 transition-colors hover:bg-brand-tint`}
            >
              <BillBadge bill={ride.bill} />
              <span className="sr-only">, </span>
              <span className="text-sm text-ink">{billRide(ride)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
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
                <BillBadge bill={ride.bill} />
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
