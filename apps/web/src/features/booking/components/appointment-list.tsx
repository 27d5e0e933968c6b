import { Link } from 'wouter';
import { CalendarDays, CalendarPlus, Clock, MapPin } from 'lucide-react';
import { formatSlotDateLong, type AppointmentView } from '@app/shared';
import { buttonPrimary, buttonSecondary, card } from '../../../components/ui/styles.ts';
import { TripDetails } from './trip-details.tsx';
import { WhatHappensNext } from './what-happens-next.tsx';

/**
 * The customer's appointments as cards, newest first; none: a way to book one. `moreRides`: how
 * many of their rides the spec's two leave out, said once with a link to My rides.
 */
export function AppointmentList({
  appointments,
  moreRides = 0,
}: {
  appointments: AppointmentView[];
  moreRides?: number;
}) {
  if (appointments.length === 0) return <EmptyState moreRides={moreRides} />;
  return (
    <>
      <ul role="list" className="space-y-4">
        {appointments.map((appointment) => (
          <li key={appointment._id}>
            <AppointmentCard appointment={appointment} />
          </li>
        ))}
      </ul>
      <MoreRides count={moreRides} />
      {appointments.some(opensRidePage) && (
        <WhatHappensNext onRidesList className={`${card} mt-6 p-5 sm:p-6`} />
      )}
    </>
  );
}

function StatusBadge({ appointment }: { appointment: AppointmentView }) {
  if (appointment.isCompleted) {
    return <Badge className="bg-brand-tint text-brand">Completed</Badge>;
  }
  if (appointment.cancelled) {
    return <Badge className="bg-danger-tint text-danger">Appointment Cancelled</Badge>;
  }
  return <Badge className="bg-success-tint text-success">Booking Fee Paid</Badge>;
}

function Badge({ className, children }: { className: string; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ${className}`}
    >
      {children}
    </span>
  );
}

/**
 * A booked ride (the Booking Fee Paid badge) opens its own page, where the customer may change
 * their plans; the page tells a ride whose time has passed. Decided without the slot rules,
 * which would add them to the first download.
 */
function opensRidePage(appointment: AppointmentView): boolean {
  return appointment.payment && !appointment.cancelled && !appointment.isCompleted;
}

function AppointmentCard({ appointment }: { appointment: AppointmentView }) {
  const { serviceData } = appointment;
  return (
    <article
      aria-labelledby={`appointment-${appointment._id}`}
      className={`${card} flex flex-col gap-5 p-4 sm:flex-row sm:items-center sm:p-5`}
    >
      <img
        src={serviceData.image}
        alt=""
        width={320}
        height={200}
        loading="lazy"
        className="aspect-[16/10] w-full shrink-0 rounded-xl bg-brand-tint object-cover sm:w-48"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={`appointment-${appointment._id}`} className="text-lg font-semibold text-brand">
              {opensRidePage(appointment) ? (
                <Link
                  href={`/my-appointments/${appointment._id}`}
                  className="underline decoration-brand/30 underline-offset-4 hover:decoration-brand"
                >
                  {serviceData.name}
                </Link>
              ) : (
                serviceData.name
              )}
            </h2>
            {appointment.type && <p className="text-sm text-ink-muted">{appointment.type}</p>}
          </div>
          <StatusBadge appointment={appointment} />
        </div>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink">
          <div className="flex basis-full items-start gap-2">
            <dt>
              <MapPin className="mt-0.5 size-4 text-brand-soft" aria-hidden="true" />
              <span className="sr-only">Address</span>
            </dt>
            <dd className="min-w-0 break-words">{serviceData.address}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <CalendarDays className="size-4 text-brand-soft" aria-hidden="true" />
              <span className="sr-only">Date</span>
            </dt>
            <dd className="font-medium">{formatSlotDateLong(appointment.slotDate)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Clock className="size-4 text-brand-soft" aria-hidden="true" />
              <span className="sr-only">Time</span>
            </dt>
            <dd className="font-medium tabular-nums">{appointment.slotTime}</dd>
          </div>
        </dl>
        {/* Below the product's own fields: the booking reference and the trip (docs/product.md, "Holds and payment"). */}
        <TripDetails
          appointmentId={appointment._id}
          trip={appointment.trip}
          className="mt-3 border-t border-line pt-3"
        />
        {/* Every card opens its ride's page; the heading says which ride. */}
        <Link
          href={`/my-appointments/${appointment._id}`}
          aria-describedby={`appointment-${appointment._id}`}
          className={`${buttonSecondary} mt-4`}
        >
          Manage
        </Link>
      </div>
    </article>
  );
}

/** The rides beyond the spec's two cards, one tap away on My rides. */
function MoreRides({ count, className = 'mt-4' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <p className={`${className} text-ink`}>
      You have {count} more {count === 1 ? 'ride' : 'rides'}.{' '}
      <Link
        href="/my-rides"
        className="font-semibold text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand"
      >
        See all in My rides
      </Link>
    </p>
  );
}

function EmptyState({ moreRides }: { moreRides: number }) {
  return (
    <div className={`${card} p-8 text-center sm:p-12`}>
      <CalendarPlus className="mx-auto size-12 text-brand-soft" aria-hidden="true" />
      <h2 className="mt-4 text-xl font-semibold text-brand">No appointments found</h2>
      <p className="mt-2 text-ink-muted">
        Paid bookings appear here. Choose a car and a time to book your next ride.
      </p>
      <Link href="/services" className={`${buttonPrimary} mt-6`}>
        Browse cars
      </Link>
      <MoreRides count={moreRides} className="mt-6" />
    </div>
  );
}
