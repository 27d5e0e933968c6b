import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { CalendarDays, CarFront, CircleCheck, CircleAlert, Clock, MapPin } from 'lucide-react';
import { formatCents, formatSlotDateLong, telHref, type PaymentDetailsResponse } from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { failureMessage } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { forgetSavedBookings } from '../features/booking/utils/saved-booking.ts';
import { useCatalogue } from '../state/catalogue.tsx';
import { PageLoading } from '../components/page-loading.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import {
  buttonPrimary,
  buttonSecondary,
  card,
  container,
  eyebrow,
} from '../components/ui/styles.ts';
import { getPaymentDetails } from '../features/booking/api/booking.ts';
import { TripDetails } from '../features/booking/components/trip-details.tsx';
import { WhatHappensNext } from '../features/booking/components/what-happens-next.tsx';
import { refundNotice } from '../features/booking/utils/refund-notice.ts';

const NOT_FOUND = 'Payment details not found';

type Result =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; details: PaymentDetailsResponse };

/** /success: the payment result of the checkout the customer just returned from. */
export default function SuccessPage() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  const { reloadServices } = useCatalogue();
  const [result, setResult] = useState<Result>(() =>
    sessionId ? { state: 'loading' } : { state: 'failed', message: NOT_FOUND },
  );

  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    const fail = (message: string) => {
      if (!live) return;
      notify('error', message);
      setResult({ state: 'failed', message });
    };
    getPaymentDetails(sessionId)
      .then((details) => {
        if (!live) return;
        setResult({ state: 'loaded', details });
        // Paid: the booking forms kept in this tab have done their job.
        if (details.session.payment_status === 'paid') forgetSavedBookings();
        // A paid booking takes its slot: the strips elsewhere should no longer offer it.
        void reloadServices();
      })
      .catch((error: unknown) => fail(failureMessage(error, 'paymentDetails')));
    return () => {
      live = false;
    };
  }, [sessionId, reloadServices]);

  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="Payment & Appointment Details" />
      <div className="mx-auto max-w-2xl">
        {result.state === 'loading' && <PageLoading label="Loading payment details..." />}
        {result.state === 'failed' && <Failed message={result.message} />}
        {result.state === 'loaded' && <Details {...result.details} />}
      </div>
    </div>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <div className={`${card} p-6 text-center sm:p-10`}>
      <CircleAlert className="mx-auto size-12 text-danger" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-brand">{NOT_FOUND}</h1>
      {message !== NOT_FOUND && (
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

function Details({ session, refund, ride }: PaymentDetailsResponse) {
  const paid = session.payment_status === 'paid';
  const notice = refund && refundNotice(refund, BUSINESS.phone);
  return (
    <div className={`${card} overflow-hidden`}>
      <div className="border-b border-line bg-brand-tint/60 p-6 text-center sm:p-8">
        {paid && !notice ? (
          <CircleCheck className="mx-auto size-12 text-success" aria-hidden="true" />
        ) : (
          <CircleAlert className="mx-auto size-12 text-danger" aria-hidden="true" />
        )}
        <p className={`${eyebrow} mt-4`}>
          {notice ? notice.headline : paid ? 'Booking confirmed' : 'Payment pending'}
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
      <div className="p-6 sm:p-8">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm sm:text-base">
          <dt className="text-ink-muted">Name</dt>
          <dd className="text-right font-medium break-words text-ink">
            {session.customer_details.name}
          </dd>
          <dt className="text-ink-muted">Email</dt>
          <dd className="text-right font-medium break-all text-ink">
            {session.customer_details.email}
          </dd>
          <dt className="text-ink-muted">Amount paid</dt>
          <dd className="text-right text-lg font-bold text-brand tabular-nums">
            ${formatCents(session.amount_total)}
          </dd>
          <dt className="text-ink-muted">Payment status</dt>
          <dd className="text-right">
            <span
              className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${paid ? 'bg-success-tint text-success' : 'bg-danger-tint text-danger'}`}
            >
              {session.payment_status}
            </span>
          </dd>
        </dl>
        <dl className="mt-6 divide-y divide-line border-t border-line">
          <Row icon={<CalendarDays className="size-5" />} label="Appointment date">
            {formatSlotDateLong(session.metadata.Date)}
          </Row>
          <Row icon={<Clock className="size-5" />} label="Time">
            {session.metadata.Time}
          </Row>
          <Row icon={<CarFront className="size-5" />} label="Service">
            {session.metadata.serviceName}
          </Row>
          <Row icon={<MapPin className="size-5" />} label="Address">
            {session.metadata.serviceAddress}
          </Row>
        </dl>
        {/* Beyond the spec's fields, after them: the trip and what comes next. */}
        <div className="mt-6 rounded-xl border border-line bg-canvas p-4 sm:p-5">
          <h2 className="text-base font-semibold text-brand">Your trip</h2>
          <TripDetails appointmentId={ride.appointmentId} trip={ride} className="mt-3" />
        </div>
        {paid && !notice && <WhatHappensNext className="mt-6" />}
        <Actions />
      </div>
    </div>
  );
}
