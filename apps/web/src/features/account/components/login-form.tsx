import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ArrowRight, Loader2 } from 'lucide-react';
import { LoginSchema, MESSAGES, PHONE_MAX_DIGITS, SignupSchema } from '@app/shared';
import { BUSINESS } from '../../../config/env.ts';
import { csrfToken, failureMessage } from '../../../lib/api-client.ts';
import { firstIssue } from '../../../lib/first-issue.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../state/session.tsx';
import { buttonPrimary } from '../../../components/ui/styles.ts';
import { TextField } from '../../../components/ui/form-field.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { login, register } from '../api/account.ts';
import { GoogleSignIn } from './google-sign-in.tsx';

export type LoginMode = 'login' | 'signup';

/** The business phone in the two accepted forms: digits only, and 3-3-4 with hyphens. */
function phoneExamples(): [string, string] {
  const digits = BUSINESS.phone.replace(/\D/g, '').slice(-10);
  return [digits, `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`];
}

/** What the screen says in each mode. */
export const LOGIN_COPY = {
  login: {
    kicker: 'Welcome back',
    title: 'Login',
    intro: 'Log in to book a ride, see your appointments and manage your profile.',
    submit: 'Login',
    switchPrompt: 'New here?',
    switchAction: 'Create an account',
  },
  signup: {
    kicker: 'New customer',
    title: 'Sign Up',
    intro: 'Create an account to book rides and rentals in a few taps.',
    submit: 'Create Account',
    switchPrompt: 'Already have an account?',
    switchAction: 'Login here',
  },
} as const;

/**
 * One form for Login and Sign Up (the page's `mode`), the switch between them, and Google
 * sign-in when configured. Signed in, the customer goes on to `next`.
 */
export function LoginForm({
  mode,
  onModeChange,
  next,
  titleId,
}: {
  mode: LoginMode;
  onModeChange: (mode: LoginMode) => void;
  next: string;
  /** The page's heading, which names the form. */
  titleId: string;
}) {
  const { signIn } = useSession();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const copy = LOGIN_COPY[mode];
  const [phoneDigits, phoneHyphens] = phoneExamples();

  function fail(message: string) {
    notify('error', message, { form: 'login' });
    window.scrollTo({ top: 0 });
  }

  /** After the server accepted the credentials (email form or Google). */
  const finishSignIn = useCallback(
    async (message: string) => {
      notify('success', message, { form: 'login' });
      await signIn(next);
    },
    [next, signIn],
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!csrfToken.get()) {
      fail(MESSAGES.csrfMissing);
      return;
    }
    const problem =
      mode === 'signup'
        ? firstIssue(SignupSchema.safeParse({ name, email, password, phone }))
        : firstIssue(LoginSchema.safeParse({ email, password }));
    if (problem) {
      fail(problem);
      return;
    }

    setBusy(true);
    try {
      if (mode === 'signup') {
        const { message } = await register({
          name: name.trim(),
          email: email.trim(),
          password,
          phone: phone.trim(),
        });
        notify('success', message, { form: 'login' });
        onModeChange('login');
        setPassword('');
        setName('');
        setPhone('');
        window.scrollTo({ top: 0 });
      } else {
        const { message } = await login({ email: email.trim(), password });
        await finishSignIn(message);
      }
    } catch (error) {
      fail(failureMessage(error, 'signIn'));
    } finally {
      setBusy(false);
    }
  }

  function switchMode() {
    onModeChange(mode === 'login' ? 'signup' : 'login');
    setPassword('');
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-labelledby={titleId} className="space-y-5">
        {mode === 'signup' ? (
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
          />
        ) : null}
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
        <PasswordField
          // Distinct keys: password managers treat a new and a current password differently.
          key={mode}
          label="Password"
          name="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          value={password}
          onChange={setPassword}
          required
        />
        {mode === 'signup' ? (
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            value={phone}
            onChange={(event) => {
              // The phone input: at most 15 digits; typing past them is ignored.
              const next = event.target.value;
              if (next.replace(/\D/g, '').length <= PHONE_MAX_DIGITS) setPhone(next);
            }}
            required
            hint={`Enter a valid phone number (e.g., ${phoneDigits} or ${phoneHyphens})`}
          />
        ) : null}

        {mode === 'login' ? (
          <div className="-mt-2 flex justify-end">
            <Link
              href="/forgot-password"
              className="inline-flex min-h-11 items-center rounded text-sm font-semibold text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand"
            >
              Forgot Password?
            </Link>
          </div>
        ) : null}

        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className={`${buttonPrimary} w-full text-base`}
        >
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {copy.submit}
          {busy ? null : <ArrowRight className="size-4" aria-hidden="true" />}
        </button>
      </form>

      <p className="mt-6 flex flex-wrap items-center justify-center gap-x-1 text-sm text-ink-muted">
        {copy.switchPrompt}
        <button
          type="button"
          onClick={switchMode}
          className="inline-flex min-h-11 items-center rounded px-1 font-semibold text-brand underline decoration-brand/30 underline-offset-4 hover:decoration-brand"
        >
          {copy.switchAction}
        </button>
      </p>

      <GoogleSignIn onSignedIn={finishSignIn} />
    </>
  );
}
