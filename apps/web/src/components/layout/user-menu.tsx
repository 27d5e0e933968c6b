import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { Link, useLocation } from 'wouter';
import {
  CalendarDays,
  CarFront,
  ChevronDown,
  LayoutDashboard,
  LogOut,
  MessageSquare,
  Route as RouteIcon,
  UserRound,
} from 'lucide-react';
import { firstName, isPendingStaff, type SignedInProfile } from '@app/shared';
import { useSession } from '../../state/session.tsx';
import { Avatar } from '../ui/avatar.tsx';

/** The signed-in user's choices, in the product's order (docs/product.md) (Logout comes last, as a button). */
export const ACCOUNT_LINKS = [
  { href: '/my-profile', label: 'My Profile', icon: UserRound },
  { href: '/my-appointments', label: 'My Appointments', icon: CalendarDays },
  // Every ride, beyond the spec's two (docs/product.md, My rides).
  { href: '/my-rides', label: 'My rides', icon: CarFront },
  { href: '/feedback', label: 'Send Feedback', icon: MessageSquare },
] as const;

const CONSOLE_LINK = { href: '/admin', label: 'Console', icon: LayoutDashboard } as const;
const DRIVE_LINK = { href: '/drive', label: 'Day sheet', icon: RouteIcon } as const;

/** Staff's own place, which also asks for the code before the second factor. */
const STAFF_LINKS = { owner: CONSOLE_LINK, chauffeur: DRIVE_LINK } as const;

/**
 * A customer's choices; staff's add their own place (no one else is shown it). Before the
 * second factor, staff have only that place to go to.
 */
function linksFor(user: SignedInProfile) {
  if (isPendingStaff(user)) return [STAFF_LINKS[user.role]];
  return user.role ? [...ACCOUNT_LINKS, STAFF_LINKS[user.role]] : ACCOUNT_LINKS;
}

/** The name the menus show: before the second factor, staff are shown their email only. */
const nameOf = (user: SignedInProfile) => (isPendingStaff(user) ? user.email : user.name);

/** The user's initial on a round badge, small in the menu button, larger in the menus. */
function MenuAvatar({ name, large = false }: { name: string; large?: boolean }) {
  return (
    <Avatar
      name={name}
      className={`font-semibold ${large ? 'size-10 text-base' : 'size-8 text-sm'}`}
    />
  );
}

const itemClass =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium text-ink transition-colors hover:bg-brand-tint hover:text-brand focus-visible:bg-brand-tint focus-visible:text-brand disabled:opacity-60';

/**
 * The header's account dropdown (md and up): a menu button with the user's initial and first
 * name. Arrow keys, Home and End move through the items; Escape, Tab, a click outside or a
 * navigation close it.
 */
export function UserMenu({ user }: { user: SignedInProfile }) {
  const [location] = useLocation();
  // Open "at" a location, so any navigation closes the menu.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location;
  const { signOut, signingOut } = useSession();
  const menuId = useId();
  const buttonId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  // Which item gets focus when the menu opens: first, last, or none (opened by pointer).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const target = focusOnOpen.current;
    focusOnOpen.current = null;
    const list = items();
    if (target === 'first') list[0]?.focus();
    if (target === 'last') list.at(-1)?.focus();

    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  function openMenu(focus: 'first' | 'last' | null) {
    focusOnOpen.current = focus;
    setOpenAt(location);
  }

  function onButtonKeyDown(event: ReactKeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) items()[0]?.focus();
      else openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (open) items().at(-1)?.focus();
      else openMenu('last');
    }
  }

  function onMenuKeyDown(event: ReactKeyboardEvent<HTMLUListElement>) {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const last = list.length - 1;
    const target = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      list[target]?.focus();
    } else if (event.key === 'Tab') {
      // Tab leaves the menu: it closes and focus moves on naturally.
      setOpenAt(null);
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        // detail 0: pressed with Enter or Space, so the first item takes focus.
        onClick={(event) => (open ? close(false) : openMenu(event.detail === 0 ? 'first' : null))}
        onKeyDown={onButtonKeyDown}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line bg-surface py-1 pr-3 pl-1 text-sm font-semibold text-brand transition-colors hover:border-brand/30 hover:bg-brand-tint"
      >
        <MenuAvatar name={nameOf(user)} />
        <span className="max-w-[4.5rem] truncate">{firstName(nameOf(user))}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown
          aria-hidden="true"
          className={`size-4 text-ink-muted transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>

      <div
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 w-64 rounded-card border border-line bg-surface p-2 shadow-card"
      >
        <div className="flex items-center gap-3 border-b border-line px-3 pt-2 pb-3">
          <MenuAvatar name={nameOf(user)} large />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-ink">{nameOf(user)}</p>
            <p className="truncate text-xs text-ink-muted">{user.email}</p>
          </div>
        </div>
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          onKeyDown={onMenuKeyDown}
          className="pt-2"
        >
          {linksFor(user).map(({ href, label, icon: Icon }) => (
            <li key={href} role="none">
              <Link
                href={href}
                role="menuitem"
                tabIndex={-1}
                aria-current={location === href ? 'page' : undefined}
                className={itemClass}
              >
                <Icon aria-hidden="true" className="size-4 text-ink-muted" />
                {label}
              </Link>
            </li>
          ))}
          <li role="none" className="mt-1 border-t border-line pt-1">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={signingOut}
              onClick={() => void signOut()}
              className={itemClass}
            >
              <LogOut aria-hidden="true" className="size-4 text-ink-muted" />
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

/** The same four choices in the mobile menu panel, as plain links and a button. */
export function MobileAccountLinks({
  user,
  onNavigate,
}: {
  user: SignedInProfile;
  onNavigate: () => void;
}) {
  const [location] = useLocation();
  const { signOut, signingOut } = useSession();
  return (
    <div className="rounded-card border border-line bg-canvas p-2">
      <div className="flex items-center gap-3 px-2 pt-1 pb-3">
        <MenuAvatar name={nameOf(user)} large />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-ink">{nameOf(user)}</p>
          <p className="truncate text-xs text-ink-muted">{user.email}</p>
        </div>
      </div>
      <ul className="border-t border-line pt-1" aria-label="Account">
        {linksFor(user).map(({ href, label, icon: Icon }) => (
          <li key={href}>
            <Link
              href={href}
              onClick={onNavigate}
              aria-current={location === href ? 'page' : undefined}
              className="flex min-h-12 items-center gap-3 rounded-lg px-2 text-base font-medium text-ink hover:bg-surface"
            >
              <Icon aria-hidden="true" className="size-5 text-ink-muted" />
              {label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={signingOut}
            onClick={() => void signOut().then((ok) => ok && onNavigate())}
            className="flex min-h-12 w-full items-center gap-3 rounded-lg px-2 text-left text-base font-medium text-ink hover:bg-surface disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-5 text-ink-muted" />
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}
