import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowRight, ExternalLink, Mail, MapPin, Phone, Clock } from 'lucide-react';
import { formatAddress, mapsSearchHref, telHref } from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { buttonPrimary, buttonSecondary, card, container } from '../components/ui/styles.ts';
import { PageMeta } from '../components/page-meta.tsx';

function ContactCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className={`${card} flex flex-col p-6 sm:p-8`}>
      <span
        className="flex size-12 items-center justify-center rounded-xl bg-brand-tint text-brand"
        aria-hidden="true"
      >
        {icon}
      </span>
      <h2 className="mt-5 text-lg font-semibold text-brand">{title}</h2>
      <div className="mt-2 flex flex-1 flex-col text-ink-muted">{children}</div>
    </div>
  );
}

const linkClass =
  'inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand break-all';

/** /contact: address, phone, support email and a map link. */
export default function ContactPage() {
  const address = formatAddress(BUSINESS);
  return (
    <div className={`${container} py-12 sm:py-16`}>
      <PageMeta
        title="Contact"
        description={`Call ${BUSINESS.phone}, email ${BUSINESS.email} or find ${BUSINESS.name} at ${address}. Private rides and car rentals around Norfolk County, Boston and Providence.`}
      />
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-ink-muted uppercase">Contact</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-5xl">
          We&apos;re a call away
        </h1>
        <p className="mt-4 text-lg text-ink-muted">
          Questions about a ride, a rental or an appointment you booked? Call, email or stop by our
          office in Norfolk. A real person from our team will help.
        </p>
        <p className="mt-4 inline-flex items-start gap-2 rounded-xl bg-brand-tint px-4 py-2 text-sm text-brand">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong className="font-semibold">Opening hours:</strong> {BUSINESS.hours}
          </span>
        </p>
      </div>

      <div className="mt-10 grid gap-4 sm:gap-6 md:grid-cols-3">
        <ContactCard icon={<Phone className="size-6" />} title="Phone">
          <p>The fastest way to reach us, including on the day of your ride.</p>
          <a href={telHref(BUSINESS.phone)} className={`${linkClass} mt-auto pt-3 text-lg`}>
            {BUSINESS.phone}
          </a>
        </ContactCard>
        <ContactCard icon={<Mail className="size-6" />} title="Support email">
          <p>For receipts, changes and anything that can wait a few hours.</p>
          <a href={`mailto:${BUSINESS.email}`} className={`${linkClass} mt-auto pt-3`}>
            {BUSINESS.email}
          </a>
        </ContactCard>
        <ContactCard icon={<MapPin className="size-6" />} title="Office">
          <address className="not-italic">{address}</address>
          <a
            href={mapsSearchHref(address)}
            target="_blank"
            rel="noopener noreferrer"
            className={`${linkClass} mt-auto pt-3`}
          >
            View on map
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">(opens Google Maps in a new tab)</span>
          </a>
        </ContactCard>
      </div>

      <div className="mt-12 flex flex-col items-start justify-between gap-6 rounded-card bg-brand p-6 text-white sm:p-10 md:flex-row md:items-center">
        <div>
          <h2 className="text-2xl font-bold tracking-tight">Ready when you are</h2>
          <p className="mt-2 max-w-xl text-white/80">
            Rides and rentals around Norfolk County, Boston, Logan Airport and Providence.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link href="/" className={buttonPrimary}>
            Explore More
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          <a href={telHref(BUSINESS.phone)} className={`${buttonSecondary} border-transparent`}>
            <Phone className="size-4" aria-hidden="true" />
            Call {BUSINESS.phone}
          </a>
        </div>
      </div>
    </div>
  );
}
