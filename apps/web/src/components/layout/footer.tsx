import { Link } from 'wouter';
import { Clock, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import { businessToday, formatAddress, mapsSearchHref, telHref } from '@app/shared';
import { BUSINESS } from '../../config/env.ts';
import { useToday } from '../../lib/rendered-at.ts';
import { container } from '../ui/styles.ts';
import { BrandLink } from './header.tsx';
import { NAV_LINKS } from './mobile-menu.tsx';

const FOOTER_LINKS = [...NAV_LINKS, { href: '/privacy', label: 'Privacy' }];

/** The networks whose marks the site has (`.mark` in styles.css, from simple-icons). */
const MARKED = new Set(['facebook', 'x']);

/**
 * The network's mark: Facebook's and X's files; Instagram's camera is drawn here in three
 * shapes (its official path alone would cost more than a kilobyte on the home page); any other
 * network shows its initial.
 */
function SocialIcon({ label }: { label: string }) {
  const name = label.toLowerCase();
  if (name === 'instagram') {
    return (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        aria-hidden="true"
        focusable="false"
        className="size-5"
      >
        <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" />
        <circle cx="12" cy="12" r="4.5" />
        <circle cx="17.6" cy="6.4" r="0.6" fill="currentColor" />
      </svg>
    );
  }
  if (MARKED.has(name)) return <span aria-hidden="true" className={`mark mark-${name} size-5`} />;
  return (
    <span aria-hidden="true" className="text-sm font-bold">
      {label.charAt(0)}
    </span>
  );
}

const footerLink =
  'inline-flex min-h-11 items-center rounded text-sm text-white/75 transition-colors hover:text-white';

export function Footer() {
  const address = formatAddress(BUSINESS);
  // In the business's calendar wherever it is rendered: the build's HTML and hydration agree.
  const year = businessToday(useToday()).year;

  return (
    <footer className="bg-brand text-white">
      <div
        className={`${container} grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1.2fr] lg:gap-16 lg:py-16`}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <BrandLink onDark />
          <p className="mt-4 max-w-sm text-sm leading-6 text-white/75">
            Private rides and car rentals around Norfolk County, Boston and Providence. Airport
            transfers, hourly chauffeurs and week-long rentals, booked online in minutes.
          </p>
          {/* Only the profiles the business configured; none set, no list. */}
          {BUSINESS.social.length > 0 && (
            <ul className="mt-6 flex gap-2" aria-label="Social media">
              {BUSINESS.social.map((item) => (
                <li key={item.href}>
                  <a
                    href={item.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${BUSINESS.name} on ${item.label} (opens in a new tab)`}
                    className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent hover:text-brand"
                  >
                    <SocialIcon label={item.label} />
                  </a>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-6 flex max-w-sm gap-3 text-sm leading-6 text-white/75">
            <ShieldCheck aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent" />
            {BUSINESS.licence}
          </p>
        </div>

        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-white">Company</h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-6 sm:grid-cols-1">
            {FOOTER_LINKS.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className={footerLink}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold text-white">Contact</h2>
          <address className="mt-3 flex flex-col items-start not-italic">
            <a href={telHref(BUSINESS.phone)} className={`${footerLink} gap-3`}>
              <Phone aria-hidden="true" className="size-4 shrink-0 text-accent" />
              {BUSINESS.phone}
            </a>
            <a href={`mailto:${BUSINESS.email}`} className={`${footerLink} gap-3 break-all`}>
              <Mail aria-hidden="true" className="size-4 shrink-0 text-accent" />
              {BUSINESS.email}
            </a>
            <a
              href={mapsSearchHref(address)}
              target="_blank"
              rel="noopener noreferrer"
              className={`${footerLink} gap-3`}
            >
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-accent" />
              <span>
                {address}
                <span className="sr-only"> (map, opens in a new tab)</span>
              </span>
            </a>
          </address>
          <p className="mt-2 flex gap-3 text-sm leading-6 text-white/75">
            <Clock aria-hidden="true" className="mt-1 size-4 shrink-0 text-accent" />
            <span>
              <span className="sr-only">Opening hours: </span>
              {BUSINESS.hours}
            </span>
          </p>
        </div>
      </div>

      <div className="border-t border-white/10">
        <div
          className={`${container} flex flex-col gap-2 py-6 text-xs text-white/60 sm:flex-row sm:items-center sm:justify-between`}
        >
          <p>
            © {year} {BUSINESS.name}. All rights reserved.
          </p>
          <p>Serving Norfolk County, Boston and Providence.</p>
        </div>
      </div>
    </footer>
  );
}
