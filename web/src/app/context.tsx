import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useErrorToast } from '../lib/useToastQuery';
import { storeConfigQuery } from '../lib/config';
import { t } from '../i18n';
import { useUser } from '../features/account';
import { useCartStore } from '../features/cart';
import { useSellerSession } from '../features/seller';
import './wiring';

/** AppState is what only the browser knows: the search typed and whether the login modal is open. Server data lives in the query cache. */
interface AppState {
  search: string;
  setSearch: (q: string) => void;
  showLogin: boolean;
  setShowLogin: (v: boolean) => void;
}

const AppContext = createContext<AppState | null>(null);

export function useApp(): AppState {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside AppProvider');
  return ctx;
}

/**
 * AppProvider holds the browser's own state and, from the first render, loads what every page
 * needs: the store's settings, the shopper's and the seller's sessions; it keeps
 * the cart in step with the other tabs, and shows a failed load once.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [search, setSearch] = useState('');
  const [showLogin, setShowLogin] = useState(false);

  const cart = useCartStore();
  useEffect(() => cart.connect(), [cart]);
  const user = useUser();
  useErrorToast(user.error, t.toast.loadUser);
  useSellerSession();
  useQuery(storeConfigQuery);

  const value = useMemo<AppState>(() => ({ search, setSearch, showLogin, setShowLogin }), [search, showLogin]);
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}
