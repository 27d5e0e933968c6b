import type { ReactNode } from 'react';
import { Cake, Mail, MapPin, Pencil, Phone, UserRound } from 'lucide-react';
import type { UserProfile } from '@app/shared';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { buttonPrimary } from '../../../components/ui/styles.ts';

/** `YYYY-MM-DD` as e.g. "March 5, 1990"; the date is a calendar day, not an instant. */
function formatDob(dob: string): string {
  const date = new Date(`${dob}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob) || Number.isNaN(date.getTime())) return dob;
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The user's name and email beside their initials. */
export function ProfileHeader({ user }: { user: UserProfile }) {
  return (
    <div className="flex items-center gap-4 border-b border-line bg-brand-tint/60 p-6 sm:p-8">
      <Avatar name={user.name} className="size-14 text-xl font-bold sm:size-16 sm:text-2xl" />
      <div className="min-w-0">
        <p className="truncate text-xl font-semibold text-brand sm:text-2xl">{user.name}</p>
        <p className="truncate text-sm text-ink-muted">{user.email}</p>
      </div>
    </div>
  );
}

function Detail({
  icon,
  label,
  children,
  wide = false,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  /** Spans both columns on wide screens (long values such as the email). */
  wide?: boolean;
}) {
  return (
    <div className={`relative min-w-0 py-4 pl-14 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-sm text-ink-muted">
        <span
          className="absolute top-4 left-0 flex size-10 items-center justify-center rounded-xl bg-canvas text-brand-soft"
          aria-hidden="true"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 font-medium [overflow-wrap:anywhere] text-ink">{children}</dd>
    </div>
  );
}

function NotGiven() {
  return <span className="font-normal text-ink-muted italic">Not provided</span>;
}

/** The user's details as the business keeps them, and Edit. */
export function ProfileView({ user, onEdit }: { user: UserProfile; onEdit: () => void }) {
  return (
    <div className="p-6 sm:p-8">
      <dl className="grid divide-y divide-line sm:grid-cols-2 sm:gap-x-8 sm:divide-y-0">
        <Detail icon={<Mail className="size-5" />} label="Email" wide>
          {user.email}
        </Detail>
        <Detail icon={<Phone className="size-5" />} label="Phone">
          {user.phone || <NotGiven />}
        </Detail>
        <Detail icon={<MapPin className="size-5" />} label="Address">
          {user.address || <NotGiven />}
        </Detail>
        <Detail icon={<UserRound className="size-5" />} label="Gender">
          {user.gender}
        </Detail>
        <Detail icon={<Cake className="size-5" />} label="Date of birth">
          {user.dob ? formatDob(user.dob) : <NotGiven />}
        </Detail>
      </dl>
      <div className="mt-6 border-t border-line pt-6">
        <button type="button" onClick={onEdit} className={`${buttonPrimary} w-full sm:w-auto`}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </button>
      </div>
    </div>
  );
}
