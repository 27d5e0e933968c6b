import { useState, type FormEvent } from 'react';
import { MfaVerifySchema } from '@app/shared';
import { BUSINESS } from '../../../config/env.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { firstIssue } from '../../../lib/first-issue.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../state/session.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { verifyMfa } from '../api/admin.ts';
import { FactorLayout } from './factor-layout.tsx';

/** Each sign-in to the console: a code from the authenticator app, or a recovery code. */
export function VerifyScreen({
  onDone,
  place,
}: {
  onDone: (recoveryCodesLeft: number) => void;
  /** What the code opens (`FactorLayout`): the console unless told. */
  place?: string;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const { secondFactorPassed } = useSession();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const request = useRecovery ? { recoveryCode: value } : { code: value };
    const checked = MfaVerifySchema.safeParse(request);
    const problem = firstIssue(checked);
    if (!checked.success || problem) {
      notify('error', problem ?? 'Enter the code from your authenticator app.');
      return;
    }
    setBusy(true);
    try {
      const { recoveryCodesLeft } = await verifyMfa(request);
      // The server renewed the session: its cookie is new, and so must the CSRF token be.
      await secondFactorPassed();
      if (useRecovery) {
        notify('warning', `Recovery code used: ${recoveryCodesLeft} left.`);
      }
      onDone(recoveryCodesLeft);
    } catch (error) {
      notify('error', failureMessage(error, 'signIn'));
      setBusy(false);
    }
  }

  return (
    <FactorLayout
      title="Enter your sign-in code"
      place={place}
      intro={`Open your authenticator app and enter the code it shows for ${BUSINESS.name}.`}
    >
      <form noValidate onSubmit={onSubmit} aria-label="Sign-in code">
        {useRecovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            name="recovery-code"
            autoComplete="off"
            spellCheck={false}
            maxLength={60}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            hint="One of the codes you saved when you set up the app, such as abcd-efgh-ijkl-mnop-qrst-uvwx."
            required
          />
        ) : (
          <TextField
            key="code"
            label="6-digit code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            required
          />
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <button type="submit" disabled={busy} aria-busy={busy} className={buttonPrimary}>
            {busy ? 'Please wait...' : 'Continue'}
          </button>
          <button
            type="button"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setValue('');
            }}
            className={buttonSecondary}
          >
            {useRecovery ? 'Use the code from the app' : 'Use a recovery code'}
          </button>
        </div>
      </form>
    </FactorLayout>
  );
}
