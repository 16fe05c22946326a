import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useToastQuery } from './lib/useToastQuery';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { api, unwrap, type Cart, type PaymentMethod, type Product, type User } from './lib/api';
import { addItem, cartCount, loadGuestCart, mergeCarts, removeItem, saveGuestCart, updateItem } from './lib/cart';
import { t } from './i18n/en';

interface AppState {
  user: User | null;
  /** authChecked is false until the first session check has answered. */
  authChecked: boolean;
  isSeller: boolean;
  /** sellerChecked is false until the first seller session check has answered. */
  sellerChecked: boolean;
  setIsSeller: (v: boolean) => void;
  products: Product[];
  productsLoading: boolean;
  currency: string;
  /** paymentMethods are the online payment providers the store offers. */
  paymentMethods: PaymentMethod[];
  cart: Cart;
  count: number;
  addToCart: (id: string) => void;
  updateCartItem: (id: string, quantity: number) => void;
  removeFromCart: (id: string) => void;
  /** deleteFromCart takes a product out of the cart whatever its quantity. */
  deleteFromCart: (id: string) => void;
  clearCart: () => void;
  search: string;
  setSearch: (q: string) => void;
  showLogin: boolean;
  setShowLogin: (v: boolean) => void;
  /** signedIn takes the user of a successful login or sign-up and merges the guest cart into theirs. */
  signedIn: (u: User) => void;
  logout: () => Promise<void>;
  /** sellerLogout ends the seller session and goes home. */
  sellerLogout: () => Promise<void>;
}

const AppContext = createContext<AppState | null>(null);
const noMethods: PaymentMethod[] = [];

export function useApp(): AppState {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('useApp outside AppProvider');
  return ctx;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [authChecked, setAuthChecked] = useState(false);
  const [isSeller, setIsSeller] = useState(false);
  const [sellerChecked, setSellerChecked] = useState(false);
  const [cart, setCart] = useState<Cart>(loadGuestCart);
  const [search, setSearch] = useState('');
  const [showLogin, setShowLogin] = useState(false);
  const userRef = useRef<User | null>(null);
  userRef.current = user;

  const productsQuery = useToastQuery(['products'], api.products, (r) => r.products, t.toast.loadProducts);

  const configQuery = useQuery({
    queryKey: ['config'],
    queryFn: () => unwrap(api.config(), t.toast.generic),
    staleTime: Infinity,
  });

  // Cart changes reach the server one request at a time, always with the latest cart. Products
  // the store no longer has (an old guest cart, say) are left out, since the server refuses them.
  const known = useRef<Product[] | undefined>(undefined);
  known.current = productsQuery.data;
  const pending = useRef<Cart | null>(null);
  const syncing = useRef(false);
  const sync = useCallback(async (next: Cart) => {
    const ids = known.current ? new Set(known.current.map((p) => p._id)) : null;
    pending.current = ids ? Object.fromEntries(Object.entries(next).filter(([id]) => ids.has(id))) : next;
    if (syncing.current) return;
    syncing.current = true;
    while (pending.current) {
      const body = pending.current;
      pending.current = null;
      const r = await api.updateCart(body);
      if (!r.success) toast.error(r.message || t.toast.updateFailed);
    }
    syncing.current = false;
  }, []);

  const signedIn = useCallback(
    (u: User) => {
      const guest = loadGuestCart();
      const merged = mergeCarts(u.cartItems ?? {}, guest);
      setUser(u);
      setCart(merged);
      if (Object.keys(guest).length > 0) {
        saveGuestCart({});
        void sync(merged);
      }
    },
    [sync],
  );

  useEffect(() => {
    let live = true;
    api.isAuth().then((r) => {
      if (!live) return;
      if (r.success) signedIn(r.user);
      else if (r.status !== 401) {
        toast.error(t.toast.loadUser);
        setUser(null);
        setCart({});
      }
      setAuthChecked(true);
    });
    api.authSeller().then((r) => {
      if (!live) return;
      setIsSeller(r.success);
      setSellerChecked(true);
    });
    return () => {
      live = false;
    };
  }, [signedIn]);

  const commit = useCallback(
    (next: Cart, success: string) => {
      setCart(next);
      if (userRef.current) void sync(next);
      else saveGuestCart(next);
      toast.success(success);
    },
    [sync],
  );

  // Every cart action: compute the next cart, keep it, and say so; a failure says which action failed.
  const change = useCallback(
    (next: (c: Cart) => Cart, success: string, failure: string) => {
      try {
        commit(next(cart), success);
      } catch {
        toast.error(failure);
      }
    },
    [cart, commit],
  );
  const addToCart = useCallback((id: string) => change((c) => addItem(c, id), t.toast.added, t.toast.addFailed), [change]);
  const updateCartItem = useCallback(
    (id: string, quantity: number) => change((c) => updateItem(c, id, quantity), t.toast.updated, t.toast.updateFailed),
    [change],
  );
  const removeFromCart = useCallback((id: string) => change((c) => removeItem(c, id), t.toast.removed, t.toast.removeFailed), [change]);
  const deleteFromCart = useCallback((id: string) => change((c) => updateItem(c, id, 0), t.toast.removed, t.toast.removeFailed), [change]);
  const clearCart = useCallback(() => {
    setCart({});
    saveGuestCart({});
  }, []);

  // Ending either session: the server's message (or the fallback), the session's data forgotten, home.
  const endSession = useCallback(
    async (call: () => ReturnType<typeof api.logout>, forget: () => void) => {
      const r = await call();
      if (!r.success) {
        toast.error(r.message || t.toast.logoutFailed);
        return;
      }
      toast.success(r.message || 'Logged Out');
      forget();
      navigate('/home');
    },
    [navigate],
  );
  const logout = useCallback(
    () =>
      endSession(api.logout, () => {
        setUser(null);
        setCart({});
        queryClient.removeQueries({ queryKey: ['addresses'] });
        queryClient.removeQueries({ queryKey: ['orders'] });
      }),
    [endSession, queryClient],
  );
  const sellerLogout = useCallback(
    () =>
      endSession(api.sellerLogout, () => {
        setIsSeller(false);
        queryClient.removeQueries({ queryKey: ['seller-orders'] });
      }),
    [endSession, queryClient],
  );

  const value = useMemo<AppState>(
    () => ({
      user,
      authChecked,
      isSeller,
      sellerChecked,
      setIsSeller,
      products: productsQuery.data ?? [],
      productsLoading: productsQuery.isPending,
      currency: configQuery.data?.currencySymbol ?? '$',
      paymentMethods: configQuery.data?.paymentMethods ?? noMethods,
      cart,
      count: cartCount(cart),
      addToCart,
      updateCartItem,
      removeFromCart,
      deleteFromCart,
      clearCart,
      search,
      setSearch,
      showLogin,
      setShowLogin,
      signedIn,
      logout,
      sellerLogout,
    }),
    [user, authChecked, isSeller, sellerChecked, productsQuery.data, productsQuery.isPending, configQuery.data, cart, addToCart,
      updateCartItem, removeFromCart, deleteFromCart, clearCart, search, showLogin, signedIn, logout, sellerLogout],
  );
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}
