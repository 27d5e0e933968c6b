import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { BOOKING_WINDOW_DAYS, formatAddress, telHref } from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { card, container } from '../components/ui/styles.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { RideChangesPolicy } from '../components/service/ride-changes-policy.tsx';

const SECTIONS = [
  { id: 'booking-policy', title: 'Booking policy' },
  { id: 'cancellation', title: 'Cancellation and late arrivals' },
  { id: 'sms-notifications', title: 'SMS notifications' },
  { id: 'privacy-policy', title: 'Privacy policy' },
] as const;

const linkClass =
  'font-medium text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand';

function PolicySection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-brand">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-7 text-ink-muted [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink [&_li]:pl-1 [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}

/** /privacy: booking policy, SMS notifications and privacy policy, effective May 2025. */
export default function PrivacyPage() {
  return (
    <div className={`${container} py-12 sm:py-16`}>
      <PageMeta
        title="Privacy and Policies"
        description={`${BUSINESS.name}'s privacy and booking policies: how booking and deposits work, the text messages we send, and what we do with your information.`}
      />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-widest text-ink-muted uppercase">Policies</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-5xl">
          Privacy and booking policies
        </h1>
        <p className="mt-4 text-lg text-ink-muted">
          How booking works, the text messages we send, and what we do with your information.
        </p>
        <p className="mt-4 inline-flex rounded-full bg-brand-tint px-4 py-1.5 text-sm font-medium text-brand">
          Effective date: May 2025
        </p>
      </header>

      <div className="mt-10 grid items-start gap-8 lg:grid-cols-12 lg:gap-12">
        <nav aria-label="On this page" className={`${card} p-5 lg:sticky lg:top-24 lg:col-span-3`}>
          <p className="text-sm font-semibold text-ink">On this page</p>
          <ul role="list" className="mt-2">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex min-h-11 items-center rounded-lg px-2 text-sm text-ink-muted hover:bg-brand-tint hover:text-brand"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className={`${card} space-y-12 p-6 sm:p-10 lg:col-span-9`}>
          <PolicySection id="booking-policy" title="Booking policy">
            <p>
              Appointments are booked online for a chosen day and a half-hour start time, up to{' '}
              {BOOKING_WINDOW_DAYS} days ahead. Times are Eastern (Boston) time. You need an account
              to book.
            </p>
            <ul>
              <li>
                <strong>Deposit.</strong> A booking fee is paid online when you book. It is credited
                toward the cost of your service.
              </li>
              <li>
                <strong>The booking fee is non-refundable.</strong> If your plans change, call us
                and we will do our best to move your appointment.
              </li>
              <li>
                <strong>Late arrivals.</strong> If you are late for your pickup, additional fees may
                apply or the appointment may need to be rescheduled.
              </li>
              <li>
                <strong>Rates.</strong> Each car&apos;s page shows its hourly, multi-hour (minimum 3
                hours), night, weekend and holiday, and rental prices before you book.
              </li>
            </ul>
          </PolicySection>

          {/* A fourth section after the three the product has: the same words as on every car page (docs/product.md, "The car page"). */}
          <section aria-labelledby="cancellation-heading" id="cancellation">
            <RideChangesPolicy headingId="cancellation-heading" />
          </section>

          <PolicySection id="sms-notifications" title="SMS notifications">
            <p>
              When you book, you agree to receive text messages (SMS) about your appointment at the
              phone number you give us: confirmations, reminders and updates about your pickup.
            </p>
            <ul>
              <li>
                Reply <strong>STOP</strong> at any time to unsubscribe.
              </li>
              <li>Message and data rates may apply. Message frequency depends on your bookings.</li>
              <li>
                For help, call{' '}
                <a href={telHref(BUSINESS.phone)} className={linkClass}>
                  {BUSINESS.phone}
                </a>{' '}
                or email{' '}
                <a href={`mailto:${BUSINESS.email}`} className={`${linkClass} break-all`}>
                  {BUSINESS.email}
                </a>
                .
              </li>
            </ul>
          </PolicySection>

          <PolicySection id="privacy-policy" title="Privacy policy">
            <h3>What we collect</h3>
            <ul>
              <li>Your account details: name, email address, phone number and password.</li>
              <li>Profile details you choose to add: address, gender and date of birth.</li>
              <li>
                Your bookings: the car, the day and time, pickup and drop-off addresses, a return
                ride if you ask for one, and your notes to the driver.
              </li>
              <li>Feedback you send us, which you may send anonymously.</li>
            </ul>
            <h3>How we use it</h3>
            <p>
              Only to run your bookings: to arrange and confirm rides and rentals, send the text
              messages described above, answer your questions and improve our service. We do not
              sell your information.
            </p>
            <h3>Who else handles it</h3>
            <ul>
              <li>
                <strong>Payments</strong> are taken on our card payment provider&apos;s secure
                hosted checkout. Your card number goes to the provider, never to us.
              </li>
              <li>
                <strong>Address suggestions</strong> come from a maps service, which receives what
                you type in the address fields.
              </li>
              <li>
                <strong>Google sign-in</strong>, if you choose it, shares your name and email
                address with us.
              </li>
            </ul>
            <h3>Cookies</h3>
            <p>
              We use cookies only to keep you signed in and to protect forms against forgery. There
              are no advertising cookies.
            </p>
            <h3>Your choices</h3>
            <p>
              You can view and update your profile at any time on the{' '}
              <Link href="/my-profile" className={linkClass}>
                My Profile
              </Link>{' '}
              page. To ask for a copy of your information or for its deletion, contact us.
            </p>
            <h3>Contact</h3>
            <p>
              {BUSINESS.name}, {formatAddress(BUSINESS)}. Phone{' '}
              <a href={telHref(BUSINESS.phone)} className={linkClass}>
                {BUSINESS.phone}
              </a>
              , email{' '}
              <a href={`mailto:${BUSINESS.email}`} className={`${linkClass} break-all`}>
                {BUSINESS.email}
              </a>
              .
            </p>
          </PolicySection>
        </div>
      </div>
    </div>
  );
}
