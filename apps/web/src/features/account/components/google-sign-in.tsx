import { useEffect, useRef, useState } from 'react';
import { MESSAGES, googleNonce } from '@app/shared';
import { GOOGLE_CLIENT_ID } from '../../../config/env.ts';
import { csrfToken, failureMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useStore } from '../../../lib/store.ts';
import { signInWithGoogle } from '../api/account.ts';

/** The few parts of Google Identity Services this page uses. */
interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
}

interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
    nonce?: string;
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
  prompt(): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleAccountsId } };
  }
}

const SCRIPT_SRC = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<GoogleAccountsId> | undefined;

/** Adds Google's script once (async); rejects if it cannot load, so the caller can hide. */
function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts.id;
  if (ready) return Promise.resolve(ready);
  scriptPromise ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not initialise'));
    };
    script.onerror = () => {
      script.remove();
      // A later visit to the page may try again.
      scriptPromise = undefined;
      reject(new Error('Google Identity Services failed to load'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

interface GoogleSignInProps {
  /** Runs after the server accepted the Google credential, with its message. */
  onSignedIn: (message: string) => Promise<void>;
}

/**
 * Google's button and one-tap prompt, shown only when a client id is configured. If the script
 * cannot load, the section simply stays hidden: the email form still works.
 */
export function GoogleSignIn({ onSignedIn }: GoogleSignInProps) {
  if (!GOOGLE_CLIENT_ID) return null;
  return <GoogleButton clientId={GOOGLE_CLIENT_ID} onSignedIn={onSignedIn} />;
}

function GoogleButton({ clientId, onSignedIn }: GoogleSignInProps & { clientId: string }) {
  const token = useStore(csrfToken);
  const buttonRef = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(true);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  // Google calls back long after the first render: read the latest handler.
  const latest = useRef(onSignedIn);
  useEffect(() => {
    latest.current = onSignedIn;
  }, [onSignedIn]);

  useEffect(() => {
    // The server accepts only a token carrying this visitor's nonce, made from the CSRF token.
    if (!token) return;
    let active = true;

    async function onCredential(response: GoogleCredentialResponse) {
      if (!active) return;
      if (!csrfToken.get()) {
        notify('error', MESSAGES.csrfMissing, { form: 'login' });
        return;
      }
      setFailed(false);
      setBusy(true);
      try {
        const { message } = await signInWithGoogle({ token: response.credential ?? '' });
        await latest.current(message);
      } catch (error) {
        notify('error', failureMessage(error, 'googleSignIn'), { form: 'login' });
        if (active) setFailed(true);
      } finally {
        if (active) setBusy(false);
      }
    }

    Promise.all([loadGoogleIdentity(), googleNonce(token)])
      .then(([google, nonce]) => {
        const parent = buttonRef.current;
        if (!active || !parent) return;
        google.initialize({
          client_id: clientId,
          callback: (response) => void onCredential(response),
          cancel_on_tap_outside: true,
          context: 'signin',
          nonce,
        });
        google.renderButton(parent, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          logo_alignment: 'center',
          // Google's button is at most 400 px wide.
          width: Math.max(200, Math.min(400, Math.floor(parent.clientWidth))),
        });
        google.prompt();
      })
      .catch((error: unknown) => {
        console.warn(error);
        if (active) setAvailable(false);
      });

    return () => {
      active = false;
      window.google?.accounts.id.cancel();
    };
  }, [clientId, token]);

  if (!available) return null;
  return (
    <div className="mt-8">
      <div className="flex items-center gap-4 text-sm text-ink-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <div
        ref={buttonRef}
        aria-busy={busy}
        className="mt-6 flex min-h-11 w-full justify-center"
        // Google renders its own labelled button inside.
      />
      <p aria-live="polite" className="mt-2 min-h-5 text-center text-sm font-medium text-danger">
        {failed ? MESSAGES.googleLoginFailed : ''}
      </p>
    </div>
  );
}
