import { Link } from 'wouter';
import {
  bookingReference,
  formatNewYorkDayShort,
  TRIP_STATUS_LABELS,
  type Ride,
} from '@app/shared';
import { RefundSummary } from '../../../components/ui/refund-summary.tsx';
import {
  BILL_BADGE,
  billLabel,
  formatDeposit,
  STATUS_BADGE,
  statusLabel,
} from '../utils/ride-view.ts';

export function StatusBadge({ status }: { status: Ride['status'] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE[status]}`}>
      {statusLabel(status)}
    </span>
  );
}

/** A completed ride's bill as it stands (nothing for a ride without one). */
export function BillBadge({ bill }: { bill: Ride['bill'] }) {
  if (!bill) return null;
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BILL_BADGE[bill.status]}`}>
      {billLabel(bill)}
    </span>
  );
}

/**
 * Everything the driver and the owner need of a ride, as a description list; a round trip's
 * leg links to the other one.
 */
export function RideFacts({ ride, rideHref }: { ride: Ride; rideHref: (id: string) => string }) {
  const otherLeg = ride.returnOf ?? ride.returnId;
  const row = (term: string, detail: React.ReactNode) => (
    <>
      <dt className="text-ink-muted">{term}</dt>
      <dd className="[overflow-wrap:anywhere] text-ink">{detail}</dd>
    </>
  );
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {/* The reference the customer reads out on the phone (one rule, in @app/shared). */}
      {row(
        'Reference',
        <span className="font-semibold tabular-nums">{bookingReference(ride.id)}</span>,
      )}
      {row(
        'Phone',
        <a
          className="font-semibold text-brand underline"
          href={`tel:${ride.phone.replace(/[^\d+]/g, '')}`}
        >
          {ride.phone}
        </a>,
      )}
      {row(
        'Email',
        <a className="text-brand underline" href={`mailto:${ride.customerEmail}`}>
          {ride.customerEmail}
        </a>,
      )}
      {row(
        'Route',
        <>
          {ride.pickupAddress}
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> to </span>
          {ride.dropoffAddress}
        </>,
      )}
      {row(
        'Return ride',
        ride.needsReturnRide ? (
          <>
            {ride.returnPickupAddress || 'Pickup to be agreed'}
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> to </span>
            {ride.returnDropoffAddress || 'drop-off to be agreed'}
            {ride.returnPickupNotes ? ` (${ride.returnPickupNotes})` : ''}
          </>
        ) : (
          'No'
        ),
      )}
      {otherLeg
        ? row(
            'Round trip',
            <>
              {ride.returnOf ? 'The return of ' : 'Returns as '}
              <Link href={rideHref(otherLeg)} className="font-semibold text-brand underline">
                {bookingReference(otherLeg)}
              </Link>
              ; the two keep this car.
            </>,
          )
        : null}
      {ride.pickupNotes ? row('Notes', ride.pickupNotes) : null}
      {row(
        'Chauffeur',
        ride.chauffeur ? (
          <>
            {ride.chauffeur.name}
            {ride.tripStatus ? (
              <span className="font-semibold"> · {TRIP_STATUS_LABELS[ride.tripStatus]}</span>
            ) : null}
          </>
        ) : ride.status === 'paid' ? (
          <span className="font-semibold text-danger">Nobody yet</span>
        ) : (
          'None'
        ),
      )}
      {row('Service', ride.serviceType || 'Not chosen')}
      {row('Deposit', formatDeposit(ride.depositCents))}
      {ride.cancelReason ? row('Cancel reason', ride.cancelReason) : null}
      {ride.refund
        ? row(
            'Refund',
            <RefundSummary
              refund={ride.refund}
              on={
                ride.refund.status === 'succeeded'
                  ? formatNewYorkDayShort(new Date(ride.refund.updatedAt))
                  : null
              }
            />,
          )
        : null}
    </dl>
  );
}
