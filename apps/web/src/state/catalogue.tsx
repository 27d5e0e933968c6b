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
import { MESSAGES, type Service, type UserProfile } from '@app/shared';
import { apiRequest, errorMessageOf } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';

interface AppState {
  services: Service[];
  /** True until the first service list answer (or failure). */
  servicesLoading: boolean;
  csrfToken: string | undefined;
  /** Fetches a fresh token, e.g. after the session changed; resolves to it. */
  refreshCsrfToken: () => Promise<string | undefined>;
  /** Reloads the service list (slots taken change as people book). */
  reloadServices: () => Promise<void>;
  /** The signed-in user; null for a visitor or until the profile call succeeds. */
  user: UserProfile | null;
  /** True until the first profile answer (or failure). */
  userLoading: boolean;
  /** Fetches the profile again (after sign-in or an update); resolves to the user. */
  loadProfile: () => Promise<UserProfile | null>;
  /** Signs out; resolves to whether it worked (toasts either way, as the spec says). */
  logout: () => Promise<boolean>;
}

const AppContext = createContext<AppState | null>(null);

/** The CSRF token for this visitor's cookie; a failure is toasted as the spec says. */
async function fetchCsrfToken(): Promise<string | undefined> {
  try {
    return (await apiRequest<{ csrfToken: string }>('/csrf-token')).csrfToken;
  } catch {
    notify('error', MESSAGES.csrfFetchFailed);
    return undefined;
  }
}

/** The service list, or undefined after toasting the server's or the error's message. */
async function fetchServices(): Promise<Service[] | undefined> {
  try {
    const data = await apiRequest<{ success: boolean; services?: Service[]; message?: string }>(
      '/service/list',
    );
    if (data.success && data.services) return data.services;
    notify('error', data.message ?? MESSAGES.somethingWentWrong);
  } catch (error) {
    notify('error', errorMessageOf(error, MESSAGES.unknownError));
  }
  return undefined;
}

/** The profile of the signed-in user, null for a visitor; failures are toasted, user stays empty. */
async function fetchProfile(): Promise<UserProfile | null> {
  try {
    const data = await apiRequest<{
      success: boolean;
      user?: UserProfile | null;
      message?: string;
    }>('/user/profile');
    if (data.success) return data.user ?? null;
    notify('error', data.message ?? MESSAGES.somethingWentWrong);
  } catch (error) {
    notify('error', errorMessageOf(error, MESSAGES.unknownError));
  }
  return null;
}

/**
 * What every screen shares: the CSRF token, the service list and the signed-in user, all
 * loaded once at start. A live page brings the service list with it (`initialServices`).
 */
export function AppProvider({
  initialServices,
  children,
}: {
  initialServices?: Service[] | undefined;
  children: ReactNode;
}) {
  const [services, setServices] = useState<Service[]>(initialServices ?? []);
  const [servicesLoading, setServicesLoading] = useState(initialServices === undefined);
  const hasServices = useRef(initialServices !== undefined);
  const [csrfToken, setCsrfToken] = useState<string>();
  const [user, setUser] = useState<UserProfile | null>(null);
  const [userLoading, setUserLoading] = useState(true);

  const refreshCsrfToken = useCallback(async () => {
    const token = await fetchCsrfToken();
    setCsrfToken(token);
    return token;
  }, []);

  const reloadServices = useCallback(async () => {
    const list = await fetchServices();
    if (list) setServices(list);
  }, []);

  const loadProfile = useCallback(async () => {
    const profile = await fetchProfile();
    setUser(profile);
    return profile;
  }, []);

  const logout = useCallback(async () => {
    // The spec: fetch the token again when it is missing before logging out.
    const token = csrfToken ?? (await refreshCsrfToken());
    try {
      await apiRequest('/user/logout', { method: 'POST', body: {}, csrfToken: token });
    } catch {
      notify('error', MESSAGES.logoutFailed);
      return false;
    }
    setUser(null);
    notify('success', MESSAGES.loggedOut);
    // The session cookie is gone: the next state change needs a token for the new cookie.
    await refreshCsrfToken();
    return true;
  }, [csrfToken, refreshCsrfToken]);

  useEffect(() => {
    // Transitions: the screens these answers fill in render in slices, not one long task.
    void fetchCsrfToken().then((token) => startTransition(() => setCsrfToken(token)));
    void fetchProfile().then((profile) => {
      startTransition(() => {
        setUser(profile);
        setUserLoading(false);
      });
    });
    if (hasServices.current) return;
    void fetchServices().then((list) => {
      startTransition(() => {
        if (list) setServices(list);
        setServicesLoading(false);
      });
    });
  }, []);

  const value = useMemo(
    () => ({
      services,
      servicesLoading,
      csrfToken,
      refreshCsrfToken,
      reloadServices,
      user,
      userLoading,
      loadProfile,
      logout,
    }),
    [
      services,
      servicesLoading,
      csrfToken,
      refreshCsrfToken,
      reloadServices,
      user,
      userLoading,
      loadProfile,
      logout,
    ],
  );
  return <AppContext value={value}>{children}</AppContext>;
}

export function useApp(): AppState {
  const state = use(AppContext);
  if (!state) throw new Error('useApp must be used inside <AppProvider>');
  return state;
}
