import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useErrorToast } from '../lib/useToastQuery';
import { storeConfigQuery } from '../lib/config';
import { AppStateProvider } from '../lib/appState';
import { t } from '../i18n';
import { useUser } from '../features/account';
import { useCartStore } from '../features/cart';
import { useSellerSession } from '../features/seller-session';
import './wiring';

/**
 * AppProvider holds the browser's own state (lib/appState.tsx) and, from the first render, loads
 * what every page needs: the store's settings, the shopper's and the seller's sessions; it keeps
 * the cart in step with the other tabs, and shows a failed load once.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const cart = useCartStore();
  useEffect(() => cart.connect(), [cart]);
  const user = useUser();
  useErrorToast(user.error, t.toast.loadUser);
  useSellerSession();
  useQuery(storeConfigQuery);
  return <AppStateProvider>{children}</AppStateProvider>;
}
