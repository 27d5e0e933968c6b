import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'wouter';
import { isPendingStaff, MESSAGES, type SignedInProfile, type UserProfile } from '@app/shared';
import { csrfToken, failureMessage } from '../lib/api-client.ts';
import { getCsrfToken, getProfile, logout } from '../lib/api/session.ts';
import { notify } from '../lib/notify.ts';
import { createStore, useStore } from '../lib/store.ts';
import { forgetOfflineCopies } from '../lib/offline-copy.ts';
import { forgetPushSubscriptions } from '../lib/push-subscriptions.ts';
import { clearDrafts } from '../lib/tab-drafts.ts';

/*
 * The visitor's session in the browser: who is signed in, the CSRF token of their cookie, and
 * signing in and out.
 *
 * Signing in or out changes `user` while the visitor is still on a page guarded the other way.
 * The route guards read the flow under way from `intent`, a store outside React, in the same
 * render as the new user: the login page does not flash the 404 page (user just set) and a
 * signed-in-only page does not bounce to /login (user just cleared) before the navigation.
 */

interface Intent {
  /** Where a sign-in under way goes once the user is set. */
  returnTo: string | undefined;
  signingOut: boolean;
}

const intent = createStore<Intent>({ returnTo: undefined, signingOut: false });
const setIntent = (change: Partial<Intent>) => intent.set({ ...intent.get(), ...change });

interface Session extends Intent {
  /**
   * Who is signed in: their profile, or a staff account whose session has still to pass the
   * second factor (its role and email only); null for a visitor or until the profile call
   * succeeds.
   */
  user: SignedInProfile | null;
  /** The signed-in user's profile; null for a visitor and for staff before the second factor. */
  profile: UserProfile | null;
  /** True until the first profile answer (or failure). */
  userLoading: boolean;
  /** Fetches the profile again (after an update); resolves to the user. */
  loadProfile: () => Promise<SignedInProfile | null>;
  /**
   * After the second factor: the server renewed the session's cookie, so a CSRF token for the
   * new one, then the whole profile.
   */
  secondFactorPassed: () => Promise<void>;
  /**
   * After the server accepted the credentials: a token for the new cookie, then the user. The
   * login page's guard then sends them on to `returnTo` (this does when no profile came).
   */
  signIn: (returnTo: string) => Promise<void>;
  /** Logs out and goes home; resolves to whether it worked (toasts either way). */
  signOut: () => Promise<boolean>;
}

const SessionContext = createContext<Omit<Session, keyof Intent> | null>(null);

/** Fetches the token for the visitor's current cookie; a failure is toasted. */
async function refreshCsrfToken(): Promise<string | undefined> {
  let token: string | undefined;
  try {
    token = (await getCsrfToken()).csrfToken;
  } catch {
    notify('error', MESSAGES.csrfFetchFailed);
  }
  csrfToken.set(token);
  return token;
}

/** The CSRF token, fetched again first when there is none (before booking or logout). */
export async function ensureCsrfToken(): Promise<string | undefined> {
  return csrfToken.get() ?? refreshCsrfToken();
}

/** The profile of the signed-in user, null for a visitor; failures are toasted, user stays empty. */
async function fetchProfile(): Promise<SignedInProfile | null> {
  try {
    return (await getProfile()).user;
  } catch (error) {
    notify('error', failureMessage(error, 'load'));
    return null;
  }
}

/**
 * Loads the CSRF token and the signed-in user once at start. A live page brings the user it was
 * rendered for (`initialUser`, null for a visitor): then only the token is fetched.
 */
export function SessionProvider({
  initialUser,
  children,
}: {
  initialUser?: SignedInProfile | null | undefined;
  children: ReactNode;
}) {
  const [user, setUser] = useState<SignedInProfile | null>(initialUser ?? null);
  const [userLoading, setUserLoading] = useState(initialUser === undefined);
  const knownAtStart = useRef(initialUser !== undefined);
  const [, navigate] = useLocation();

  const loadProfile = useCallback(async () => {
    const profile = await fetchProfile();
    setUser(profile);
    return profile;
  }, []);

  const signIn = useCallback(
    async (returnTo: string) => {
      setIntent({ returnTo });
      await refreshCsrfToken();
      if (!(await loadProfile())) {
        setIntent({ returnTo: undefined });
        navigate(returnTo);
      }
    },
    [loadProfile, navigate],
  );

  const secondFactorPassed = useCallback(async () => {
    await refreshCsrfToken();
    await loadProfile();
  }, [loadProfile]);

  const signOut = useCallback(async () => {
    setIntent({ signingOut: true });
    try {
      await ensureCsrfToken();
      await logout();
    } catch {
      notify('error', MESSAGES.logoutFailed);
      setIntent({ signingOut: false });
      return false;
    }
    setUser(null);
    // What this user typed and did not send, a staff screen's offline copy and this phone's
    // notifications stay with them, not with the device's next user.
    clearDrafts();
    forgetOfflineCopies();
    void forgetPushSubscriptions();
    notify('success', MESSAGES.loggedOut);
    // The session cookie is gone: the next state change needs a token for the new cookie.
    await refreshCsrfToken();
    navigate('/');
    setIntent({ signingOut: false });
    return true;
  }, [navigate]);

  useEffect(() => {
    void refreshCsrfToken();
    if (knownAtStart.current) return;
    void fetchProfile().then((profile) => {
      // A transition: the screens the user fills in render in slices, not one long task.
      startTransition(() => {
        setUser(profile);
        setUserLoading(false);
      });
    });
  }, []);

  const value = useMemo(
    () => ({
      user,
      profile: user && !isPendingStaff(user) ? user : null,
      userLoading,
      loadProfile,
      secondFactorPassed,
      signIn,
      signOut,
    }),
    [user, userLoading, loadProfile, secondFactorPassed, signIn, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const state = use(SessionContext);
  const flow = useStore(intent);
  if (!state) throw new Error('useSession must be used inside <SessionProvider>');
  return { ...state, ...flow };
}

/** For the login page's guard, once it has sent the signed-in user on to `returnTo`. */
export function signInArrived(): void {
  setIntent({ returnTo: undefined });
}
