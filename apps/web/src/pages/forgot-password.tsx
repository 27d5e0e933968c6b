import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { EMAIL_PATTERN, MESSAGES, telHref } from '@app/shared';
import { BUSINESS } from '../config/env.ts';
import { failureMessage } from '../lib/api-client.ts';
import { notify } from '../lib/notify.ts';
import { buttonPrimary } from '../components/ui/styles.ts';
import { TextField } from '../components/ui/form-field.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { forgotPassword } from '../features/account/api/account.ts';
import { AuthLayout } from '../features/account/components/auth-layout.tsx';
import { BackToLogin } from '../features/account/components/back-to-login.tsx';

const linkClass =
  'font-semibold text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand';

/** /forgot-password: asks for the account's email and sends a reset link to it. */
export default function ForgotPasswordPage() {
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
    <AuthLayout
      kicker="Account help"
      title="Forgot your password?"
      titleId="forgot-title"
      intro={<p>Enter the email you signed up with and we&apos;ll send you a reset link.</p>}
    >
      <PageMeta
        title="Forgot Password"
        description={`Forgot your ${BUSINESS.name} password? Enter the email you signed up with and we'll send you a reset link.`}
      />
      <form noValidate onSubmit={onSubmit} aria-labelledby="forgot-title" className="space-y-5">
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

      <p className="mt-6 text-sm leading-6 text-ink-muted">
        Didn&apos;t get the email? Check your spam or junk folder, or call us at{' '}
        <a href={telHref(BUSINESS.phone)} className={`${linkClass} whitespace-nowrap`}>
          {BUSINESS.phone}
        </a>
        .
      </p>

      <BackToLogin className="mt-4" />
    </AuthLayout>
  );
}
