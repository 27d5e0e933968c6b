import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { Phone } from 'lucide-react';
import { telHref } from '@app/shared';
import { BUSINESS } from '../../config/env.ts';
import { useSession } from '../../state/session.tsx';
import { buttonBrand, container, iconButton } from '../ui/styles.ts';
import { currentFor, MobileMenu, NAV_LINKS } from './mobile-menu.tsx';

/** The small mark beside the business name: a route from pickup to drop-off. */
export function BrandMark({ onDark = false }: { onDark?: boolean }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-9">
      <rect width="32" height="32" rx="9" className={onDark ? 'fill-white/10' : 'fill-brand'} />
      <path
        d="M9.5 22.5c0-6 13-5 13-12"
        fill="none"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="0.1 5"
        className="stroke-white/60"
      />
      <circle cx="9.5" cy="22.5" r="3" className="fill-white" />
      <circle cx="22.5" cy="10" r="3.5" className="fill-accent" />
    </svg>
  );
}

export function BrandLink({ onDark = false }: { onDark?: boolean }) {
  return (
    <Link
      href="/"
      className={`inline-flex min-h-11 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight ${
        onDark ? 'text-white' : 'text-brand'
      }`}
    >
      <BrandMark onDark={onDark} />
      <span>{BUSINESS.name}</span>
    </Link>
  );
}

// Only signed-in users need the account menu: it stays out of a visitor's first download.
const UserMenu = lazy(() =>
  import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })),
);

/**
 * Holds the account's place, at the Login / Sign Up button's size, until the profile says who
 * this is (so a signed-in customer never sees Login / Sign Up flash, nor a visitor the menu),
 * and then while the menu's code loads.
 */
function AccountPlaceholder() {
  return (
    <span aria-hidden="true" className={`${buttonBrand} invisible`}>
      Login / Sign Up
    </span>
  );
}

/**
 * The site header. A visitor sees Login / Sign Up; a signed-in user gets the account dropdown
 * (My Profile, My Appointments, Send Feedback, Logout), and the mobile menu the same choices;
 * until the profile answers, neither (the server renders the pages that way too).
 */
export function Header() {
  const [location] = useLocation();
  const { user, userLoading } = useSession();

  return (
    <header className="sticky top-0 z-40 border-b border-line/80 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className={`${container} relative flex h-16 items-center justify-between gap-4 md:h-18`}>
        <BrandLink />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((item) => {
              const current = currentFor(item.href, location);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current}
                    className={`relative inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium transition-colors ${
                      current
                        ? 'bg-brand-tint text-brand'
                        : 'text-ink-muted hover:bg-canvas hover:text-brand'
                    }`}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="flex items-center gap-1 md:gap-3">
          <a
            href={telHref(BUSINESS.phone)}
            className="hidden min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-brand transition-colors hover:bg-brand-tint lg:inline-flex"
          >
            <Phone aria-hidden="true" className="size-4 text-accent-strong" />
            {BUSINESS.phone}
          </a>
          <a
            href={telHref(BUSINESS.phone)}
            aria-label={`Call ${BUSINESS.phone}`}
            className={`${iconButton} lg:hidden`}
          >
            <Phone aria-hidden="true" className="size-5" />
          </a>
          {/* One width for each state of the account's place, aligned right, so the links
              beside it never move when the profile answers. */}
          <div className="hidden md:flex md:w-44 md:justify-end">
            {user ? (
              <Suspense fallback={<AccountPlaceholder />}>
                <UserMenu user={user} />
              </Suspense>
            ) : userLoading ? (
              <AccountPlaceholder />
            ) : (
              <Link href="/login" className={buttonBrand}>
                Login / Sign Up
              </Link>
            )}
          </div>
          <MobileMenu links={NAV_LINKS} />
        </div>
      </div>
    </header>
  );
}
