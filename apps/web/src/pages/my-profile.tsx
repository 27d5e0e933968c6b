import { useState } from 'react';
import { useSession } from '../state/session.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { card, container, eyebrow } from '../components/ui/styles.ts';
import { ProfileHeader, ProfileView } from '../features/account/components/profile-details.tsx';
import { ProfileForm } from '../features/account/components/profile-form.tsx';
import { SignedInDevices } from '../features/account/components/signed-in-devices.tsx';

/** /my-profile: the signed-in user's details, with an edit mode, and their signed-in devices. */
export default function MyProfilePage() {
  const { profile: user } = useSession();
  const [editing, setEditing] = useState(false);
  // The route guard only renders this page for a signed-in user past any second factor.
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
