import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from './router';

/** AppState is what only the browser knows: the search typed, whether the login modal is open and where signing in goes. Server data lives in the query cache. */
export interface AppState {
  search: string;
  setSearch: (q: string) => void;
  showLogin: boolean;
  /** setShowLogin opens the login modal as the navigation bar does (signing in goes to /home, as the spec has it), or closes it. */
  setShowLogin: (v: boolean) => void;
  /** askSignIn opens the login modal for the page shown, which needs a signed-in shopper: signing in or up comes back to it. */
  askSignIn: () => void;
  /** loginReturn is the page signing in comes back to (the one that asked, with its query), or null for /home. */
  loginReturn: string | null;
}

const AppContext = createContext<AppState | null>(null);

export function useApp(): AppState {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside AppProvider');
  return ctx;
}

/** AppStateProvider holds the browser's own state (AppState) for the pages below it; app/context.tsx puts it around the app. */
export function AppStateProvider({ children }: { children: ReactNode }) {
  const [search, setSearch] = useState('');
  const [login, setLogin] = useState<{ open: boolean; returnTo: string | null }>({ open: false, returnTo: null });
  // The page shown, read when a page asks for signing in; kept in a ref so that navigating changes no context.
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname + location.search;
  }, [location]);

  const value = useMemo<AppState>(
    () => ({
      search,
      setSearch,
      showLogin: login.open,
      loginReturn: login.returnTo,
      setShowLogin: (open: boolean) => setLogin({ open, returnTo: null }),
      askSignIn: () => setLogin({ open: true, returnTo: here.current || null }),
    }),
    [search, login],
  );
  return <AppContext value={value}>{children}</AppContext>;
}
