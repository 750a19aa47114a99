import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SESSION_EXPIRED_EVENT, TOKEN_KEY, tokenWasAccepted, USER_KEY, whenTokenAccepted } from '../api/keys.js';
import { errorMessage } from '../api/client.js';
import { notify } from '../components/toaster.js';
import { OTHER_TENANT_MESSAGE } from '../../../shared/domain/tenant-host.js';
import { pageTenant } from './host.js';
import {
  bootstrapSession,
  normaliseRedirectUrl,
  postLoginPath,
  type LoginResponse,
  type SessionState,
  type SessionUser,
} from './session.js';

const LOGIN_SUCCESS = 'Login successful!';
/** A sign-in link (auth=true&token=…) whose token the API refused. */
export const LINK_REFUSED_MESSAGE =
  'That sign-in link was not accepted. Please sign in with your username and password.';
let announced: string | null = null;

interface SessionApi {
  session: SessionState;
  login(username: string, password: string): Promise<void>;
  /** Signs in with a mailed sign-in link's token (R-AUTH-6); the session starts as a password's does. */
  signInWithLink(token: string): Promise<void>;
  logout(): void;
  updateUser(user: SessionUser): void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function useSession(): SessionApi {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}

/** The session when there is a provider (screens rendered on their own, e.g. in tests, have none). */
export function useOptionalSession(): SessionApi | null {
  return useContext(SessionContext);
}

/** The signed-in user; only for screens that the router shows to signed-in users. */
export function useUser(): SessionUser {
  const { session } = useSession();
  if (session.status !== 'authenticated') throw new Error('useUser without a signed-in user');
  return session.user;
}

/** Navigates the whole page; a seam so that tests can observe it. */
export const pageNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

function clearStorage() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const boot = bootstrapSession(
      location.search,
      localStorage,
      pageTenant({ hostname: window.location.hostname, pathname: location.pathname }),
    );
    setSession(boot.state);
    // A session of another organization than this address's was not let in: say why on the sign-in page.
    if (boot.refusedOtherTenant) notify.error(OTHER_TENANT_MESSAGE);
    // A sign-in that arrived by full-page redirect (auth=true&token&user): the toast of the sign-in
    // page went with that page, so it shows here, on the page that loads after sign-in.
    if (boot.cleanedSearch !== null && boot.state.status === 'authenticated' && announced !== boot.state.token) {
      // Once per sign-in, however often this effect runs (StrictMode mounts twice in development).
      announced = boot.state.token;
      // Only once the API has taken the token: a refused link must not read as a sign-in.
      whenTokenAccepted(boot.state.token, () => notify.success(LOGIN_SUCCESS));
    }
    if (boot.cleanedSearch !== null) {
      navigate({ pathname: location.pathname, search: boot.cleanedSearch, hash: location.hash }, { replace: true });
    }
    // Runs once: later address changes are navigation, not sign-in.
  }, []);

  useEffect(() => {
    const expire = (e: Event) => {
      const reason = (e as CustomEvent<{ message?: string } | undefined>).detail?.message;
      clearStorage();
      setSession((s) => {
        // A sign-in from the address whose token the API never accepted did not start a session to end.
        if (s.status === 'authenticated' && s.token === announced && !tokenWasAccepted(s.token))
          notify.error(reason ?? LINK_REFUSED_MESSAGE);
        else if (s.status === 'authenticated') notify.info(reason ?? 'Your session has ended. Please sign in again.');
        return { status: 'anonymous' };
      });
    };
    const storageChanged = (e: StorageEvent) => {
      // Signing out in another tab signs out here too.
      if (e.key === TOKEN_KEY && !e.newValue) setSession({ status: 'anonymous' });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, expire);
    window.addEventListener('storage', storageChanged);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, expire);
      window.removeEventListener('storage', storageChanged);
    };
  }, []);

  /** Password or sign-in link (R-AUTH-6): the answer is the same, and so is what follows it. */
  const startSession = useCallback(
    async (ask: (auth: typeof import('../features/auth/api/index.js')) => Promise<LoginResponse>, quiet = false) => {
      // Loaded on demand: the typed client carries the whole route contract.
      const auth = await import('../features/auth/api/index.js');
      let res: LoginResponse;
      try {
        res = await ask(auth);
      } catch (e) {
        if (!quiet) notify.error(errorMessage(e, 'Login failed'));
        throw e;
      }
      localStorage.setItem(TOKEN_KEY, res.token);
      localStorage.setItem(USER_KEY, JSON.stringify(res.user));
      if (res.redirectUrl) {
        // The page that loads from redirectUrl (auth=true) says 'Login successful!'.
        pageNavigation.assign(normaliseRedirectUrl(res.redirectUrl));
        return;
      }
      notify.success(LOGIN_SUCCESS);
      // Address first, then session: the other order renders the sign-in address while signed in,
      // whose redirect is a second navigation that could land after the person's next click.
      await navigate(postLoginPath(res.user), { replace: true, flushSync: true });
      setSession({ status: 'authenticated', token: res.token, user: res.user });
    },
    [navigate],
  );
  const login = useCallback(
    (username: string, password: string) => startSession((auth) => auth.login(username, password)),
    [startSession],
  );
  // The link's page says itself why a link failed: no toast on top of it.
  const signInWithLink = useCallback(
    (token: string) => startSession((auth) => auth.redeemSignInLink(token), true),
    [startSession],
  );

  const logout = useCallback(() => {
    const token = localStorage.getItem(TOKEN_KEY);
    // Best effort and not awaited: the browser forgets the token at once whether or not the server
    // could be told (offline, say); the server refuses it from then on
    // (docs/decisions/0009-sessions-follow-the-account.md).
    if (token) void import('../features/auth/api/index.js').then((auth) => auth.logout(token)).catch(() => undefined);
    clearStorage();
    setSession({ status: 'anonymous' });
    notify.success('Logged out successfully');
    navigate('/', { replace: true });
  }, [navigate]);

  const updateUser = useCallback((user: SessionUser) => {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    setSession((s) => (s.status === 'authenticated' ? { ...s, user } : s));
  }, []);

  const value = useMemo(
    () => ({ session, login, signInWithLink, logout, updateUser }),
    [session, login, signInWithLink, logout, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
