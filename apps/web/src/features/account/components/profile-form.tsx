import { useState, type FormEvent } from 'react';
import {
  GENDERS,
  MESSAGES,
  UpdateProfileSchema,
  type Gender,
  type UpdateProfileRequest,
  type UserProfile,
} from '@app/shared';
import { csrfToken, failureMessage } from '../../../lib/api-client.ts';
import { firstIssue } from '../../../lib/first-issue.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../state/session.tsx';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { updateProfile } from '../api/account.ts';

/** Today as `YYYY-MM-DD` in the visitor's calendar: the latest possible date of birth. */
function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The user's details to change; saved, the session's profile is loaded again. */
export function ProfileForm({ user, onDone }: { user: UserProfile; onDone: () => void }) {
  const { loadProfile } = useSession();
  const [draft, setDraft] = useState<UpdateProfileRequest>({
    name: user.name,
    address: user.address,
    phone: user.phone,
    gender: user.gender,
    dob: user.dob,
  });
  const [saving, setSaving] = useState(false);
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
        <SelectField
          className="sm:col-span-2"
          label="Gender"
          name="gender"
          value={draft.gender}
          onChange={(event) => set({ gender: event.target.value as Gender })}
          required
          options={GENDERS.map((gender) => ({ value: gender, label: gender }))}
        />
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
