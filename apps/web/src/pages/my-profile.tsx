import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Cake, Mail, MapPin, Pencil, Phone, UserRound } from 'lucide-react';
import {
  GENDERS,
  MESSAGES,
  UpdateProfileSchema,
  type Gender,
  type UpdateProfileRequest,
  type UserProfile,
} from '@app/shared';
import { csrfToken, failureMessage } from '../lib/api-client.ts';
import { firstIssue } from '../lib/first-issue.ts';
import { notify } from '../lib/notify.ts';
import { useSession } from '../state/session.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { Avatar } from '../components/ui/avatar.tsx';
import { inputClass, labelClass, RequiredMark, TextField } from '../components/ui/form-field.tsx';
import {
  buttonPrimary,
  buttonSecondary,
  card,
  container,
  eyebrow,
} from '../components/ui/styles.ts';
import { updateProfile } from '../features/account/api/account.ts';
import { SignedInDevices } from '../features/account/components/signed-in-devices.tsx';

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

/** Today as `YYYY-MM-DD` in the visitor's calendar: the latest possible date of birth. */
function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** /my-profile: the signed-in user's details, with an edit mode, and their signed-in devices. */
export default function MyProfilePage() {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  // The route guard only renders this page for a signed-in user.
  if (!user) return null;
  return (
    <div className={`${container} py-10 sm:py-16`}>
      <PageMeta title="My Profile" />
      <div className="mx-auto max-w-3xl">
        <p className={eyebrow}>Account</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-brand sm:text-4xl">
          My Profile
        </h1>
        <p className="mt-2 text-ink-muted">
          {editing
            ? 'Update your details and save. We use them to confirm your rides.'
            : 'The details we use to confirm your rides and reach you on the day.'}
        </p>
        <div className={`${card} mt-8 overflow-hidden`}>
          <ProfileHeader user={user} />
          {editing ? (
            <ProfileForm user={user} onDone={() => setEditing(false)} />
          ) : (
            <ProfileView user={user} onEdit={() => setEditing(true)} />
          )}
        </div>
        <SignedInDevices />
      </div>
    </div>
  );
}

function ProfileHeader({ user }: { user: UserProfile }) {
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

function ProfileView({ user, onEdit }: { user: UserProfile; onEdit: () => void }) {
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

function ProfileForm({ user, onDone }: { user: UserProfile; onDone: () => void }) {
  const { loadProfile } = useSession();
  const [draft, setDraft] = useState<UpdateProfileRequest>({
    name: user.name,
    address: user.address,
    phone: user.phone,
    gender: user.gender,
    dob: user.dob,
  });
  const [saving, setSaving] = useState(false);
  const genderId = useId();
  const set = (change: Partial<UpdateProfileRequest>) =>
    setDraft((current) => ({ ...current, ...change }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const checked = UpdateProfileSchema.safeParse(draft);
    const problem = firstIssue(checked);
    if (!checked.success || problem) {
      notify('error', problem ?? MESSAGES.allFieldsRequired, { form: 'profile' });
      return;
    }
    if (!csrfToken.get()) {
      notify('error', MESSAGES.csrfMissing, { form: 'profile' });
      return;
    }
    setSaving(true);
    try {
      const { message } = await updateProfile(checked.data);
      notify('success', message, { form: 'profile' });
      await loadProfile();
      onDone();
    } catch (error) {
      notify('error', failureMessage(error, 'profileUpdate'), { form: 'profile' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit profile" className="p-6 sm:p-8">
      <div className="grid gap-5 sm:grid-cols-6">
        <TextField
          className="sm:col-span-3"
          label="Full name"
          name="name"
          autoComplete="name"
          maxLength={100}
          value={draft.name}
          onChange={(event) => set({ name: event.target.value })}
          required
        />
        <TextField
          className="sm:col-span-3"
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={user.email}
          readOnly
          hint="Your sign-in email can't be changed here."
        />
        <TextField
          className="sm:col-span-6"
          label="Address"
          name="address"
          autoComplete="street-address"
          maxLength={300}
          value={draft.address}
          onChange={(event) => set({ address: event.target.value })}
          required
        />
        <TextField
          className="sm:col-span-2"
          label="Phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          value={draft.phone}
          onChange={(event) => set({ phone: event.target.value })}
          required
        />
        <div className="sm:col-span-2">
          <label htmlFor={genderId} className={labelClass}>
            Gender
            <RequiredMark />
          </label>
          <select
            id={genderId}
            name="gender"
            value={draft.gender}
            onChange={(event) => set({ gender: event.target.value as Gender })}
            aria-required="true"
            className={`mt-1.5 ${inputClass}`}
          >
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {gender}
              </option>
            ))}
          </select>
        </div>
        <TextField
          className="sm:col-span-2"
          label="Date of birth"
          name="dob"
          type="date"
          autoComplete="bday"
          min="1900-01-01"
          max={todayIso()}
          value={draft.dob}
          onChange={(event) => set({ dob: event.target.value })}
          required
        />
      </div>
      <div className="mt-8 flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} disabled={saving} className={buttonSecondary}>
          Cancel
        </button>
        <button type="submit" disabled={saving} aria-busy={saving} className={buttonPrimary}>
          {saving ? 'Please wait...' : 'Save Update'}
        </button>
      </div>
    </form>
  );
}
