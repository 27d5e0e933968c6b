import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { isStaffRole } from '@app/shared';
import { useSession } from '../../state/session.tsx';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';

/** The console's addresses: an owner's frame is its own there (features/admin-shell). */
const isConsolePath = (location: string) => location === '/admin' || location.startsWith('/admin/');
/** The day sheet's: staff's frame is its own there too (pages/drive.tsx). */
const isDrivePath = (location: string) => location === '/drive';

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { user, userLoading } = useSession();
  // The owner's console brings its own compact header and no footer (its code loads with the
  // console); anyone else at /admin sees the site's 404 page in the site's frame.
  if (isConsolePath(location) && (userLoading || user?.role === 'owner')) return children;
  // A visitor is sent to sign in, or, with no signal, shown the sheet this device kept.
  if (isDrivePath(location) && (userLoading || !user || isStaffRole(user.role ?? 'customer')))
    return children;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so content that arrives
          shorter than what held its place (a list after its loading state) never pulls the
          footer up into view, a layout shift. */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
