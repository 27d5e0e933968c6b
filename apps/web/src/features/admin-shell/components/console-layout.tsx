import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ChevronDown, House, LogOut } from 'lucide-react';
import { BUSINESS } from '../../../config/env.ts';
import { useSession } from '../../../state/session.tsx';
import { container, eyebrow } from '../../../components/ui/styles.ts';

/** One area of the console in its navigation (pages/admin/areas.ts lists them). */
export interface ConsoleNavItem {
  /** Relative to `/admin`, e.g. `/rides`. */
  path: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

const actionClass =
  'inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-brand transition-colors hover:bg-brand-tint disabled:opacity-60';

/**
 * The console's own frame, in place of the site's header and footer (components/layout/layout.tsx
 * steps aside for an owner at /admin): a compact header with the business's name, the areas
 * (tabs from md, a Menu disclosure on a phone), View site and Sign out; then the screen, with
 * no footer. Before the second factor (`areas` absent) it offers only View site and Sign out.
 */
export function ConsoleLayout({
  areas,
  place = 'Console',
  children,
}: {
  areas?: readonly ConsoleNavItem[] | undefined;
  /** Beside the business's name: the console, or a chauffeur's day sheet. */
  place?: string;
  children: ReactNode;
}) {
  // Inside the console's nested routes: the location is relative to /admin.
  const [location] = useLocation();
  const { signOut, signingOut } = useSession();
  // Open "at" a location: any navigation closes the phone's menu without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const navId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const siteActions = (
    <>
      <Link href="~/" className={actionClass}>
        <House aria-hidden="true" className="size-4 text-ink-muted" />
        View site
      </Link>
      <button
        type="button"
        disabled={signingOut}
        onClick={() => void signOut()}
        className={actionClass}
      >
        <LogOut aria-hidden="true" className="size-4 text-ink-muted" />
        Sign out
      </button>
    </>
  );

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {/* Sticky on a phone (one short row); from md the tabs make it taller than the page's
          scroll padding (styles.css), so it stays at the top of the page there. */}
      <header className="sticky top-0 z-40 border-b border-line bg-surface md:static">
        <div className={`${container} flex h-14 items-center justify-between gap-3`}>
          <Link
            href="/"
            className="inline-flex min-h-11 min-w-0 items-center gap-2.5 rounded-lg font-bold tracking-tight text-brand"
          >
            <span className="truncate">{BUSINESS.name}</span>
            <span className={`${eyebrow} hidden sm:inline`}>{place}</span>
          </Link>
          <div className={`items-center gap-1 ${areas ? 'hidden md:flex' : 'flex'}`}>
            {siteActions}
          </div>
          {areas ? (
            <button
              ref={buttonRef}
              type="button"
              aria-expanded={open}
              aria-controls={navId}
              onClick={() => setOpenAt(open ? null : location)}
              className={`${actionClass} border border-line md:hidden`}
            >
              Menu
              <ChevronDown
                aria-hidden="true"
                className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
              />
            </button>
          ) : null}
        </div>
        {areas ? (
          <nav
            id={navId}
            aria-label="Console"
            className={`${open ? 'block' : 'hidden'} border-t border-line md:block`}
          >
            <ul className={`${container} grid gap-1 py-2 md:flex md:overflow-x-auto md:py-0`}>
              {areas.map(({ path, label, icon: Icon }) => {
                const current = location === path || location.startsWith(`${path}/`);
                return (
                  <li key={path}>
                    <Link
                      href={path}
                      aria-current={current ? 'page' : undefined}
                      className={`flex min-h-12 items-center gap-3 rounded-lg px-3 text-base font-semibold transition-colors md:min-h-11 md:gap-2 md:rounded-none md:border-b-2 md:px-3 md:text-sm md:whitespace-nowrap ${
                        current
                          ? 'bg-brand text-white md:border-accent md:bg-transparent md:text-brand'
                          : 'text-ink-muted hover:bg-brand-tint hover:text-brand md:border-transparent md:hover:bg-transparent'
                      }`}
                    >
                      <Icon aria-hidden="true" className="size-5 shrink-0 md:size-4" />
                      {label}
                    </Link>
                  </li>
                );
              })}
            </ul>
            <div className={`${container} flex gap-2 border-t border-line py-2 md:hidden`}>
              {siteActions}
            </div>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
