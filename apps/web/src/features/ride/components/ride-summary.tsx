import type { ReactNode } from 'react';
import { CalendarDays, Clock, MapPin, Navigation } from 'lucide-react';
import {
  bookingReference,
  formatNewYorkTime,
  formatSlotDateLong,
  formatSlotTime,
  slotDateKey,
  wallClockAt,
  type RideView,
} from '@app/shared';

/** When the booked length ends: its time, or its date and time when that is another day. */
function endOf(ride: RideView): string {
  const end = new Date(ride.endsAt);
  const wall = wallClockAt(end);
  return slotDateKey(wall) === ride.slotDate
    ? formatSlotTime(wall.hour, wall.minute)
    : formatNewYorkTime(end);
}

/** The ride's car, type, time (from its start to its booked end) and route. */
export function RideSummary({ ride, children }: { ride: RideView; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <img
        src={ride.service.image}
        alt=""
        width={320}
        height={200}
        className="aspect-[16/10] w-full shrink-0 rounded-xl bg-brand-tint object-cover sm:w-56"
      />
      <div className="min-w-0 flex-1">
        <p className="text-lg font-semibold text-brand">{ride.service.name}</p>
        <p className="text-sm text-ink-muted">{ride.serviceType}</p>
        <p className="mt-1 text-sm text-ink-muted">
          Booking reference{' '}
          <span className="font-semibold text-ink tabular-nums">{bookingReference(ride.id)}</span>
        </p>
        <dl className="mt-3 space-y-2 text-sm text-ink">
          <Detail icon={<CalendarDays />} term="Date">
            <span className="font-medium">{formatSlotDateLong(ride.slotDate)}</span>
          </Detail>
          <Detail icon={<Clock />} term="Time">
            <span className="font-medium tabular-nums">{ride.slotTime}</span> to{' '}
            <span className="font-medium tabular-nums">{endOf(ride)}</span> (Eastern time)
          </Detail>
          <Detail icon={<MapPin />} term="Pickup">
            {ride.pickupAddress}
          </Detail>
          <Detail icon={<Navigation />} term="Drop-off">
            {ride.dropoffAddress}
          </Detail>
        </dl>
        {children}
      </div>
    </div>
  );
}

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex items-center gap-2 text-brand-soft [&>svg]:size-4">
        <span aria-hidden="true" className="contents">
          {icon}
        </span>
        <span className="sr-only">{term}</span>
      </dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
