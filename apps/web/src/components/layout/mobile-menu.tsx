import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu, X } from 'lucide-react';
import { useSession } from '../../state/session.tsx';
import { buttonBrand, iconButton } from '../ui/styles.ts';

export interface NavItem {
  href: string;
  label: string;
}

/** The site's main pages, in header order; the footer lists them too. */
export const NAV_LINKS: readonly NavItem[] = [
  { href: '/', label: 'Home' },
  { href: '/services', label: 'Services' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
];

/** `page` on the exact page, `true` inside its section (e.g. Services on /services/Tesla). */
export function currentFor(href: string, location: string): 'page' | 'true' | undefined {
  if (location === href) return 'page';
  if (href !== '/' && location.startsWith(`${href}/`)) return 'true';
  return undefined;
}

interface MobileMenuProps {
  links: readonly NavItem[];
}

// Signed-in users only: loaded when needed (the same chunk as the header's account menu).
const MobileAccountLinks = lazy(() =>
  import('./user-menu.tsx').then((module) => ({ default: module.MobileAccountLinks })),
);

/** Moves focus to the new page's content once the panel is gone. */
function focusMain() {
  requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: true }));
}

/**
 * The navigation below the md breakpoint: a disclosure button and a panel under the header.
 * It closes on navigation, on Escape (focus returns to the button) and on a tap outside.
 */
export function MobileMenu({ links }: MobileMenuProps) {
  const [location] = useLocation();
  // Signed in: the account choices; a visitor: Login / Sign Up.
  const { user, userLoading } = useSession();
  // Open "at" a location: any navigation closes the menu without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const panelId = useId();
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

  const close = () => {
    setOpenAt(null);
    focusMain();
  };

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpenAt(open ? null : location)}
        className={iconButton}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <Menu aria-hidden="true" className="size-6" />
        )}
      </button>

      {open ? (
        <div
          aria-hidden="true"
          onClick={() => setOpenAt(null)}
          className="fixed inset-x-0 top-16 h-dvh bg-ink/40"
        />
      ) : null}

      <div
        id={panelId}
        hidden={!open}
        className="fixed inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-line bg-surface shadow-card"
      >
        <nav aria-label="Mobile" className="px-4 pb-6 pt-2">
          <ul className="divide-y divide-line">
            {links.map((item) => {
              const current = currentFor(item.href, location);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={current}
                    onClick={close}
                    className={`flex min-h-13 items-center justify-between rounded-lg px-2 text-base font-medium ${
                      current ? 'text-brand' : 'text-ink-muted'
                    }`}
                  >
                    {item.label}
                    {current ? (
                      <span aria-hidden="true" className="size-2 rounded-full bg-accent" />
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="mt-4">
            {user ? (
              <Suspense fallback={null}>
                <MobileAccountLinks user={user} onNavigate={close} />
              </Suspense>
            ) : userLoading ? null : (
              <Link href="/login" onClick={close} className={`${buttonBrand} w-full`}>
                Login / Sign Up
              </Link>
            )}
          </div>
        </nav>
      </div>
    </div>
  );
}
