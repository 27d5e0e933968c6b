import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ExternalLink } from 'lucide-react';
import { MfaConfirmSchema, type MfaEnrolResponse } from '@app/shared';
import { BUSINESS } from '../../../config/env.ts';
import { failureMessage } from '../../../lib/api-client.ts';
import { firstIssue } from '../../../lib/first-issue.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../state/session.tsx';
import { TextField } from '../../../components/ui/form-field.tsx';
import { CopyButton, DownloadTextLink } from '../../../components/ui/copy-button.tsx';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/styles.ts';
import { confirmEnrolment, startEnrolment } from '../api/admin.ts';
import { FactorLayout } from './factor-layout.tsx';

/** `ABCD EFGH …`: the key in groups of four, easier to type into an app. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The owner's first sign-in to the console, made for a phone: a new authenticator secret (a link
 * that opens the authenticator app on this phone, a QR code for another device, and the key as
 * text with Copy), a code from the app to confirm it (a wrong one said under the field until the
 * field changes), then the ten recovery codes, shown once, each on one line, to copy all at once
 * or download as a text file, with a step that asks the owner to say they have saved them.
 * A chauffeur's first sign-in to their day sheet is the same, with `place` naming it.
 */
export function EnrolScreen({
  onDone,
  place = 'Console',
}: {
  onDone: (recoveryCodesLeft: number) => void;
  place?: string;
}) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  return recoveryCodes ? (
    <RecoveryCodes
      codes={recoveryCodes}
      place={place}
      onDone={() => onDone(recoveryCodes.length)}
    />
  ) : (
    <NewSecret place={place} onConfirmed={setRecoveryCodes} />
  );
}

function NewSecret({
  place,
  onConfirmed,
}: {
  place: string;
  onConfirmed: (codes: string[]) => void;
}) {
  const [enrolment, setEnrolment] = useState<MfaEnrolResponse | 'failed'>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const codeId = useId();
  const { secondFactorPassed } = useSession();

  const start = () =>
    startEnrolment()
      .then(setEnrolment)
      .catch((error: unknown) => {
        notify('error', failureMessage(error, 'load'));
        setEnrolment('failed');
      });

  useEffect(() => {
    // Each start makes a new secret: once per screen, however often React runs the effect.
    if (started.current) return;
    started.current = true;
    void start();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = MfaConfirmSchema.safeParse({ code });
    const problem = firstIssue(checked);
    if (!checked.success || problem) {
      refuse(problem ?? 'Enter the code from your authenticator app.');
      return;
    }
    setBusy(true);
    try {
      const { recoveryCodes } = await confirmEnrolment({ code: checked.data.code });
      // The server renewed the session: its cookie is new, and so must the CSRF token be.
      await secondFactorPassed();
      onConfirmed(recoveryCodes);
    } catch (failure) {
      refuse(failureMessage(failure, 'signIn'));
      setBusy(false);
    }
  }

  /** Said under the field, which takes focus so a screen reader reads it with the label. */
  function refuse(message: string) {
    setError(message);
    document.getElementById(codeId)?.focus();
  }

  return (
    <FactorLayout
      title="Set up two-step sign-in"
      place={place}
      intro={`The ${place.toLowerCase()} asks for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) each time you sign in. Set it up once, on your phone.`}
    >
      {enrolment === undefined ? (
        <p role="status" className="text-ink-muted">
          Preparing your key...
        </p>
      ) : enrolment === 'failed' ? (
        <button
          type="button"
          onClick={() => {
            setEnrolment(undefined);
            void start();
          }}
          className={buttonSecondary}
        >
          Try again
        </button>
      ) : (
        <ol className="space-y-8">
          <li>
            <h2 className="font-semibold text-ink">1. Add the key to your authenticator app</h2>
            <p className="mt-2 text-sm text-ink-muted">
              On this phone, open the app with the key. On a computer, scan the QR code with your
              phone.
            </p>
            <a href={enrolment.otpauthUri} className={`${buttonPrimary} mt-3 w-full sm:w-auto`}>
              <ExternalLink className="size-4" aria-hidden="true" />
              Open in authenticator app
            </a>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
              alt="QR code of your sign-in key, for your authenticator app"
              width={200}
              height={200}
              className="mt-4 rounded-xl border border-line bg-white p-2"
            />
          </li>
          <li>
            <h2 className="font-semibold text-ink">2. Or type the key into the app</h2>
            <TextField
              className="mt-3"
              label="Setup key"
              name="setup-key"
              readOnly
              value={grouped(enrolment.secret)}
              hint="Time-based, 6 digits. Spaces do not matter."
              spellCheck={false}
            />
            <CopyButton
              className="mt-3"
              text={enrolment.secret}
              label="Copy key"
              done="Key copied."
            />
          </li>
          <li>
            <form noValidate onSubmit={onSubmit} aria-label="Confirm the app">
              <h2 className="font-semibold text-ink">3. Enter the code the app shows</h2>
              <TextField
                id={codeId}
                className="mt-3"
                label="6-digit code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={20}
                value={code}
                error={error}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError(undefined);
                }}
                required
              />
              <button
                type="submit"
                disabled={busy}
                aria-busy={busy}
                className={`${buttonPrimary} mt-6 w-full sm:w-auto`}
              >
                {busy ? 'Please wait...' : 'Confirm'}
              </button>
            </form>
          </li>
        </ol>
      )}
    </FactorLayout>
  );
}

/** The downloaded file's name. */
export const RECOVERY_CODES_FILE = 'console-recovery-codes.txt';

/** What the downloaded file says: what the codes are for, then one code a line. */
export function recoveryCodesFile(codes: readonly string[]): string {
  return [
    `${BUSINESS.name} console: recovery codes`,
    'Each code signs you in once instead of the authenticator app. Keep this file safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function RecoveryCodes({
  codes,
  place,
  onDone,
}: {
  codes: string[];
  place: string;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(false);
  return (
    <FactorLayout
      title="Save your recovery codes"
      place={place}
      intro="If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe, such as a password manager: they are shown only this once."
    >
      <ol
        aria-label="Recovery codes"
        className="grid gap-2 font-mono text-sm text-ink sm:grid-cols-2 sm:text-base"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-canvas px-2 py-2 text-center whitespace-nowrap">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <CopyButton text={codes.join('\n')} label="Copy all codes" done="Codes copied." />
        <DownloadTextLink
          text={recoveryCodesFile(codes)}
          fileName={RECOVERY_CODES_FILE}
          label="Download as a text file"
        />
      </div>
      <label className="mt-6 flex min-h-11 items-center gap-3 text-ink">
        <input
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className="size-5 accent-brand"
        />
        I have saved them
      </label>
      <button
        type="button"
        disabled={!saved}
        onClick={onDone}
        className={`${buttonPrimary} mt-6 w-full sm:w-auto`}
      >
        Continue to the {place.toLowerCase()}
      </button>
    </FactorLayout>
  );
}
