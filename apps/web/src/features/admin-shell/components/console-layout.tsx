import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { container, eyebrow } from '../../../components/ui/styles.ts';

/** One area of the console in its navigation (pages/admin/areas.ts lists them). */
export interface ConsoleNavItem {
  /** Relative to `/admin`, e.g. `/rides`. */
  path: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

/**
 * The console's frame inside the site's header and footer: its navigation, a grid of large
 * buttons on a phone (the owner's main device) and a column beside the screen on a wide one,
 * the current area marked for assistive technology.
 */
export function ConsoleLayout({
  areas,
  children,
}: {
  areas: readonly ConsoleNavItem[];
  children: ReactNode;
}) {
  // Inside the console's nested routes: the location is relative to /admin.
  const [location] = useLocation();
  return (
    <div
      className={`${container} py-6 sm:py-10 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10`}
    >
      <nav aria-label="Console" className="lg:sticky lg:top-24 lg:self-start">
        <p className={eyebrow}>Console</p>
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-6 lg:grid-cols-1 lg:gap-1">
          {areas.map(({ path, label, icon: Icon }) => {
            const current = location === path || location.startsWith(`${path}/`);
            return (
              <li key={path}>
                <Link
                  href={path}
                  aria-current={current ? 'page' : undefined}
                  className={`flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl px-2 py-2 text-xs font-semibold transition-colors lg:min-h-11 lg:flex-row lg:justify-start lg:gap-3 lg:px-3 lg:text-sm ${
                    current
                      ? 'bg-brand text-white'
                      : 'bg-surface text-brand shadow-card hover:bg-brand-tint lg:bg-transparent lg:shadow-none'
                  }`}
                >
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="mt-8 min-w-0 lg:mt-0">{children}</div>
    </div>
  );
}
