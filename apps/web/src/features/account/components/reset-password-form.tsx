import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import {
  MESSAGES,
  MIN_PASSWORD_LENGTH,
  passwordStrength,
  ResetPasswordSchema,
  type PasswordStrength,
} from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { resetPassword } from '../api/account.ts';

const STRENGTH_STYLE: Record<PasswordStrength, { bars: number; bar: string; text: string }> = {
  Weak: { bars: 1, bar: 'bg-danger', text: 'text-danger' },
  Medium: { bars: 2, bar: 'bg-accent', text: 'text-accent-strong' },
  Strong: { bars: 3, bar: 'bg-success', text: 'text-success' },
};

/** Weak / Medium / Strong with a three-part bar; the label is announced politely. */
function StrengthMeter({ id, password }: { id: string; password: string }) {
  const strength = password ? passwordStrength(password) : undefined;
  const style = strength ? STRENGTH_STYLE[strength] : undefined;
  return (
    <div className="mt-3">
      <div className="grid grid-cols-3 gap-1.5" aria-hidden="true">
        {[1, 2, 3].map((bar) => (
          <span
            key={bar}
            className={`h-1.5 rounded-full transition-colors ${
              style && bar <= style.bars ? style.bar : 'bg-line'
            }`}
          />
        ))}
      </div>
      <p id={id} aria-live="polite" className="mt-2 text-sm text-ink-muted">
        {strength && style ? (
          <>
            Password strength: <strong className={style.text}>{strength}</strong>
          </>
        ) : (
          `Use at least ${MIN_PASSWORD_LENGTH} characters with a letter, a digit and a special character.`
        )}
      </p>
    </div>
  );
}

/** A new password, twice, for the emailed link's `token`; set, the customer goes to /login. */
export function ResetPasswordForm({ token, titleId }: { token: string; titleId: string }) {
  const [, navigate] = useLocation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const strengthId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password !== confirm) {
      notify('error', MESSAGES.passwordsDoNotMatch, { form: 'reset-password' });
      return;
    }
    const checked = ResetPasswordSchema.safeParse({ token, newPassword: password });
    if (!checked.success) {
      // The password's problem first: the link's own problem only once the password is fine.
      const issues = checked.error.issues;
      const issue = issues.find((item) => item.path[0] === 'newPassword') ?? issues[0];
      notify('error', issue?.message ?? MESSAGES.weakPassword, { form: 'reset-password' });
      return;
    }
    setBusy(true);
    try {
      const { message } = await resetPassword(checked.data);
      if (message) notify('success', message, { form: 'reset-password' });
      navigate('/login');
    } catch (error) {
      notify('error', failureMessage(error, 'passwordReset'), { form: 'reset-password' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="space-y-5">
      <div>
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          describedBy={strengthId}
          required
        />
        <StrengthMeter id={strengthId} password={password} />
      </div>
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
        required
      />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className={`${buttonPrimary} w-full text-base`}
      >
        {busy ? 'Please wait...' : 'Reset Password'}
      </button>
    </form>
  );
}
