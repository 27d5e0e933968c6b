import { Link } from 'wouter';
import { telHref } from '@app/shared';
import { BUSINESS, CHANGE_CUTOFF_HOURS, REMINDER_LEADS } from '../../../config/env.ts';

const linkClass =
  'font-medium text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand';

/** After a paid booking: the confirmation, the reminders, changes online, then the phone. */
export function WhatHappensNext({
  headingLevel: Heading = 'h2',
  className = '',
  onRidesList = false,
}: {
  headingLevel?: 'h2' | 'h3';
  className?: string;
  /** On My Appointments itself: the ride's page is its car's name there, not a link away. */
  onRidesList?: boolean;
}) {
  const [first, second] = REMINDER_LEADS;
  return (
    <section aria-labelledby="next-steps-heading" className={className}>
      <Heading id="next-steps-heading" className="text-base font-semibold text-brand">
        What happens next
      </Heading>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm leading-6 text-ink-muted marker:font-semibold marker:text-brand-soft">
        <li>We email you a confirmation with a calendar invite for the ride.</li>
        <li>
          We remind you {first} before pickup, and again {second} before.
        </li>
        <li>
          To change plans, move or cancel the ride from its page
          {onRidesList ? (
            ' (its car’s name above) '
          ) : (
            <>
              {' '}
              under{' '}
              <Link href="/my-appointments" className={linkClass}>
                My Appointments
              </Link>{' '}
            </>
          )}
          up to {CHANGE_CUTOFF_HOURS} hours before pickup (the deposit is non-refundable).
        </li>
        <li>
          After that, call us at{' '}
          <a href={telHref(BUSINESS.phone)} className={`${linkClass} whitespace-nowrap`}>
            {BUSINESS.phone}
          </a>
          .
        </li>
      </ol>
    </section>
  );
}
