import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import { EMAIL_PATTERN, MESSAGES, VerifyEmailSchema } from '@app/shared';
import { failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { resendVerifyEmail, verifyEmail } from '../api/account.ts';

const linkClass =
  'font-semibold text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand';

/**
 * The button that confirms the emailed link's address. Opening the link confirms nothing (mail
 * scanners open links); pressing the button does. A link refused (used, expired) offers a new
 * one.
 */
export function VerifyEmailForm({ token, titleId }: { token: string; titleId: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = VerifyEmailSchema.safeParse({ token });
    if (!checked.success) {
      setOutcome({
        ok: false,
        message: checked.error.issues[0]?.message ?? MESSAGES.errorOccurred,
      });
      return;
    }
    setBusy(true);
    try {
      const { message } = await verifyEmail(checked.data);
      setOutcome({ ok: true, message });
    } catch (error) {
      setOutcome({ ok: false, message: failureMessage(error, 'passwordReset') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {outcome?.ok ? null : (
        <form noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className={`${buttonPrimary} w-full text-base`}
          >
            {busy ? 'Please wait...' : 'Confirm Email'}
          </button>
        </form>
      )}
      <div aria-live="polite">
        {outcome?.ok ? (
          <div className="space-y-4">
            <p className="flex gap-3 rounded-xl border border-success/20 bg-success-tint p-4 text-sm text-ink">
              <MailCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
              <span>{outcome.message}</span>
            </p>
            <p className="text-sm">
              <Link href="/" className={linkClass}>
                Go to the home page
              </Link>
            </p>
          </div>
        ) : outcome ? (
          <p
            role="alert"
            className="mt-6 rounded-xl border border-danger/20 p-4 text-sm text-danger"
          >
            {outcome.message}
          </p>
        ) : null}
      </div>
      {outcome && !outcome.ok ? <ResendForm /> : null}
    </>
  );
}

/** Asks for a new link for an address; the answer is the same whether or not one was sent. */
function ResendForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentMessage, setSentMessage] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!EMAIL_PATTERN.test(email.trim())) {
      notify('error', MESSAGES.invalidEmail, { form: 'resend-verify-email' });
      return;
    }
    setBusy(true);
    try {
      const { message } = await resendVerifyEmail({ email: email.trim() });
      setSentMessage(message);
    } catch (error) {
      notify('error', failureMessage(error, 'passwordReset'), { form: 'resend-verify-email' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="resend-title" className="mt-8 border-t border-line pt-6">
      <h2 id="resend-title" className="text-lg font-semibold text-ink">
        Send a new link
      </h2>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="resend-title"
        className="mt-4 space-y-5"
      >
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
          {busy ? 'Please wait ...' : 'Send Link'}
        </button>
      </form>
      <div aria-live="polite">
        {sentMessage ? <p className="mt-4 text-sm text-ink">{sentMessage}</p> : null}
      </div>
    </section>
  );
}
