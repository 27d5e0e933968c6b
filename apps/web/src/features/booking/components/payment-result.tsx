import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CalendarDays, CarFront, CircleCheck, CircleAlert, Clock, MapPin } from 'lucide-react';
import {
  MY_RIDE_STATE_LABELS,
  formatCents,
  formatSlotDateLong,
  telHref,
  type PaymentDetailsResponse,
} from '@app/shared';
import { BUSINESS } from '../../../config/env.ts';
import { BookedPriceRow } from '../../../components/booked-price.tsx';
import {
  BookAgainLink,
  CustomerCancellation,
  OwnerCancellation,
} from '../../../components/ride-cancellation.tsx';
import { buttonPrimary, buttonSecondary, card, eyebrow } from '../../../components/ui/styles.ts';
import { refundNotice } from '../utils/refund-notice.ts';
import { TripDetails } from './trip-details.tsx';
import { WhatHappensNext } from './what-happens-next.tsx';

/** What the result page says when it has no payment to show. */
export const PAYMENT_NOT_FOUND = 'Payment details not found';

/** The payment's details did not come: why, and where the ride can still be found. */
export function PaymentFailed({ message }: { message: string }) {
  return (
    <div className={`${card} p-6 text-center sm:p-10`}>
      <CircleAlert className="mx-auto size-12 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-brand">{PAYMENT_NOT_FOUND}</h1>
      {message !== PAYMENT_NOT_FOUND && (
        <p role="alert" className="mt-2 text-ink-muted">
          {message}
        </p>
      )}
      <p className="mt-2 text-sm text-ink-muted">
        If you were charged, your appointment still appears under My Appointments, or call us at{' '}
        <a href={telHref(BUSINESS.phone)} className="font-medium text-brand underline">
          {BUSINESS.phone}
        </a>
        .
      </p>
      <Actions />
    </div>
  );
}

function Actions() {
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Link href="/my-appointments" className={buttonPrimary}>
        See My Appointments
      </Link>
      <Link href="/" className={buttonSecondary}>
        Back Home
      </Link>
    </div>
  );
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-h-17 py-3.5 pl-13">
      <dt className="text-sm text-ink-muted">
        <span
          className="absolute top-3.5 left-0 flex size-10 items-center justify-center rounded-xl bg-canvas text-brand-soft"
          aria-hidden="true"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

/** Two names the same person: the card holder is named apart only when they differ. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The paid (or pending) booking. It leads with the trip: pickup, drop-off and return
 * first, then the spec's fields: the account's name (the card holder's only as "Paid by" when it
 * is someone else's card), the ride's date, time and car, and the car's base address labelled
 * as such; then what comes next. Opened again for a ride cancelled since (by the business or by
 * the customer), it says so first, as the ride's page does, with the refund and Book again.
 */
export function PaymentDetails({
  session,
  refund,
  ride,
  price,
  cancellation,
  customerCancellation,
  accountName,
}: PaymentDetailsResponse & { accountName?: string | undefined }) {
  const paid = session.payment_status === 'paid';
  const cancelled = Boolean(cancellation ?? customerCancellation);
  const notice = refund && refundNotice(refund, BUSINESS.phone);
  const cardHolder = session.customer_details.name;
  const name = accountName ?? cardHolder;
  return (
    <div className={`${card} overflow-hidden`}>
      <div className="border-b border-line bg-brand-tint/60 p-6 text-center sm:p-8">
        {paid && !notice && !cancelled ? (
          <CircleCheck className="mx-auto size-12 text-success" aria-hidden="true" />
        ) : (
          <CircleAlert className="mx-auto size-12 text-danger" aria-hidden="true" />
        )}
        <p className={`${eyebrow} mt-4`}>
          {cancellation
            ? MY_RIDE_STATE_LABELS.cancelled_by_us
            : customerCancellation
              ? MY_RIDE_STATE_LABELS.cancelled_by_you
              : notice
                ? notice.headline
                : paid
                  ? 'Booking confirmed'
                  : 'Payment pending'}
        </p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-brand sm:text-3xl">
          Payment &amp; Appointment Details
        </h1>
        {notice && (
          <p role="status" className="mx-auto mt-3 max-w-prose text-ink">
            {notice.text}
          </p>
        )}
      </div>
      {cancelled && (
        <div className="px-6 pt-6 sm:px-8 sm:pt-8">
          {/* The ride page's words: who cancelled, then the refund (a customer's: if any). */}
          <p className="font-semibold text-brand">
            {cancellation ? 'We cancelled this ride.' : 'This ride is cancelled.'}
          </p>
          {cancellation && <OwnerCancellation cancellation={cancellation} />}
          {customerCancellation && <CustomerCancellation cancellation={customerCancellation} />}
          <div className="mt-4">
            <BookAgainLink
              ride={{
                service: { id: ride.serviceId, name: session.metadata.serviceName },
                trip: ride,
              }}
            />
          </div>
        </div>
      )}
      <div className="p-6 sm:p-8">
        <div className="rounded-xl border border-line bg-canvas p-4 sm:p-5">
          <h2 className="text-base font-semibold text-brand">Your trip</h2>
          <TripDetails
            appointmentId={ride.appointmentId}
            trip={ride}
            className="mt-3"
            leadWithTrip
          />
        </div>
        <dl className="mt-6 divide-y divide-line border-y border-line">
          <Row icon={<CalendarDays className="size-5" />} label="Appointment date">
            {formatSlotDateLong(session.metadata.Date)}
          </Row>
          <Row icon={<Clock className="size-5" />} label="Time">
            {session.metadata.Time}
          </Row>
          <Row icon={<CarFront className="size-5" />} label="Service">
            {session.metadata.serviceName}
          </Row>
        </dl>
        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm sm:text-base">
          <dt className="text-ink-muted">Name</dt>
          <dd className="text-right font-medium break-words text-ink">{name}</dd>
          <dt className="text-ink-muted">Email</dt>
          <dd className="text-right font-medium break-all text-ink">
            {session.customer_details.email}
          </dd>
          {!sameName(name, cardHolder) && cardHolder.trim() !== '' && (
            <>
              <dt className="text-ink-muted">Paid by</dt>
              <dd className="text-right font-medium break-words text-ink">{cardHolder}</dd>
            </>
          )}
          <dt className="text-ink-muted">Amount paid</dt>
          <dd className="text-right text-lg font-bold text-brand tabular-nums">
            ${formatCents(session.amount_total)}
          </dd>
          {price && !cancelled && (
            <>
              {price.legs.length === 1 && price.legs[0] ? (
                <BookedPriceRow label="Estimated ride price" price={price.legs[0]} />
              ) : (
                <>
                  {/* A round trip: each ride's own price and why, then both together. */}
                  {price.legs.map((leg, index) => (
                    <BookedPriceRow
                      key={index}
                      label={index === 0 ? 'Ride' : 'Return ride'}
                      price={leg}
                    />
                  ))}
                  <dt className="text-ink-muted">
                    Estimated ride price{ride.returnRide?.leg ? ', both rides' : ''}
                  </dt>
                  <dd className="text-right font-medium text-ink tabular-nums">
                    ${formatCents(price.priceCents)}
                  </dd>
                </>
              )}
              <dt className="text-ink-muted">Left to pay after the ride</dt>
              <dd className="text-right font-medium text-ink tabular-nums">
                ${formatCents(price.balanceCents)}
              </dd>
            </>
          )}
          <dt className="text-ink-muted">Payment status</dt>
          <dd className="text-right">
            <span
              className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${paid ? 'bg-success-tint text-success' : 'bg-danger-tint text-danger'}`}
            >
              {session.payment_status}
            </span>
          </dd>
        </dl>
        {/* Where the car is kept, not where the ride starts: labelled so it is not read as the pickup. */}
        <dl className="mt-6 border-t border-line">
          <Row icon={<MapPin className="size-5" />} label="Car's base address">
            {session.metadata.serviceAddress}
          </Row>
        </dl>
        {paid && !notice && !cancelled && <WhatHappensNext className="mt-6" />}
        <Actions />
      </div>
    </div>
  );
}
