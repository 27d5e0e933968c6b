import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { EMAIL_PATTERN, MESSAGES } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { forgotPassword } from '../api/account.ts';

/** Asks for the account's email and sends a reset link to it; says so once sent. */
export function ForgotPasswordForm({ titleId }: { titleId: string }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentMessage, setSentMessage] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!EMAIL_PATTERN.test(email.trim())) {
      notify('error', MESSAGES.invalidEmail, { form: 'forgot-password' });
      return;
    }
    setBusy(true);
    setSentMessage('');
    try {
      const { message } = await forgotPassword({ email: email.trim() });
      if (message) notify('success', message, { form: 'forgot-password' });
      setSentMessage(message);
    } catch (error) {
      notify('error', failureMessage(error, 'passwordReset'), { form: 'forgot-password' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="space-y-5">
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <button type="submit" disabled={busy} className={`${buttonPrimary} w-full text-base`}>
          {busy ? 'Please wait ...' : 'Continue'}
        </button>
      </form>

      <div aria-live="polite">
        {sentMessage ? (
          <p className="mt-6 flex gap-3 rounded-xl border border-success/20 bg-success-tint p-4 text-sm text-ink">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            <span>{sentMessage}</span>
          </p>
        ) : null}
      </div>
    </>
  );
}
