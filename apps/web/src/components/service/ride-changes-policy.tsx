import { Link } from 'wouter';
import { CalendarClock, Clock, PhoneCall, ShieldCheck, Wallet } from 'lucide-react';
import { telHref } from '@app/shared';
import { BUSINESS, CHANGE_CUTOFF_HOURS } from '../../config/env.ts';

const linkClass =
  'font-medium text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand';

/**
 * Cancellation and late arrivals, said the same on the car page and the privacy page: what the
 * ride's page allows (up to `CHANGE_CUTOFF_HOURS` before pickup), the non-refundable deposit of
 * the booking policy (docs/product.md, "The car page"), the phone after the limit, and the licence statement.
 */
export function RideChangesPolicy({
  headingLevel: Heading = 'h2',
  headingId = 'ride-changes-heading',
}: {
  headingLevel?: 'h2' | 'h3';
  headingId?: string;
}) {
  const hours = `${CHANGE_CUTOFF_HOURS} hour${CHANGE_CUTOFF_HOURS === 1 ? '' : 's'}`;
  const items = [
    {
      icon: CalendarClock,
      title: 'Change or cancel online',
      text: (
        <>
          Up to {hours} before pickup, move your ride to another free time of the same car, or
          cancel it, from its page under{' '}
          <Link href="/my-appointments" className={linkClass}>
            My Appointments
          </Link>
          . A moved ride keeps its deposit.
        </>
      ),
    },
    {
      icon: Wallet,
      title: 'The deposit is non-refundable',
      text: 'It is credited toward your ride; cancelling does not give it back.',
    },
    {
      icon: PhoneCall,
      title: `Within ${hours} of pickup`,
      text: (
        <>
          Call us at{' '}
          <a href={telHref(BUSINESS.phone)} className={`${linkClass} whitespace-nowrap`}>
            {BUSINESS.phone}
          </a>{' '}
          and we will do our best to move your ride.
        </>
      ),
    },
    {
      icon: Clock,
      title: 'Late arrivals',
      text: 'If you are late for your pickup, additional fees may apply or the ride may need to be rescheduled.',
    },
    { icon: ShieldCheck, title: 'Licensed and insured', text: BUSINESS.licence },
  ];
  return (
    <>
      <Heading id={headingId} className="text-2xl font-bold tracking-tight text-brand">
        Cancellation and late arrivals
      </Heading>
      <ul role="list" className="mt-5 grid gap-4 sm:grid-cols-2">
        {items.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span
              className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-tint text-brand-soft"
              aria-hidden="true"
            >
              <Icon className="size-5" />
            </span>
            <div className="min-w-0 text-sm leading-6">
              <p className="font-semibold text-ink">{title}</p>
              <p className="text-ink-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
