import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useToastQuery } from '../lib/useToastQuery';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { api, unwrap, type Cart, type PaymentMethod, type Product, type User } from '../lib/api';
import { addItem, cartCount, loadGuestCart, MAX_QUANTITY, mergeCartChanges, mergeCarts, removeItem, saveGuestCart, updateItem } from '../lib/cart';
import { t } from '../i18n';
import { paths } from './paths';

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

/** CartMessage is what a tab tells the others of the browser when its cart changes. */
interface CartMessage {
  user: string | null;
  cart: Cart;
  saved: { cart: Cart; version: number } | null;
}

/** storeConfigQuery reads the store's currency and payment methods once per visit; the help centre shares it. */
export const storeConfigQuery = {
  queryKey: ['config'],
  queryFn: () => unwrap(api.config(), t.toast.generic),
  staleTime: Infinity,
};

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
  // userRef is the signed-in user for callbacks and effects: written with every setUser.
  const userRef = useRef<User | null>(null);

  const productsQuery = useToastQuery(['products'], api.products, (r) => r.products, t.toast.loadProducts);

  const configQuery = useQuery(storeConfigQuery);

  // The cart as the server last confirmed it, with its version: an update names the version, and
  // when another tab or device saved first, the answer (409) is merged with this tab's changes.
  const saved = useRef<{ cart: Cart; version: number } | null>(null);
  const cartRef = useRef(cart);
  const showCart = useCallback((next: Cart) => {
    cartRef.current = next;
    setCart(next);
  }, []);

  // Tabs of one browser tell each other every change of the cart, so that none shows an old one.
  const channel = useRef<BroadcastChannel | null>(null);
  const announce = useCallback((next: Cart) => {
    channel.current?.postMessage({ user: userRef.current?._id ?? null, cart: next, saved: saved.current });
  }, []);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel('haat.cart');
    channel.current = ch;
    ch.onmessage = (e: MessageEvent<CartMessage>) => {
      const m = e.data;
      if (!m || m.user !== (userRef.current?._id ?? null)) return;
      showCart(m.cart);
      if (m.saved && (!saved.current || m.saved.version > saved.current.version)) saved.current = m.saved;
    };
    return () => {
      channel.current = null;
      ch.close();
    };
  }, [showCart]);

  // Cart changes reach the server one request at a time, always with the latest cart. Products
  // the store no longer has (an old guest cart, say) are left out, since the server refuses them.
  const known = useRef<Product[] | undefined>(undefined);
  useEffect(() => {
    known.current = productsQuery.data;
  }, [productsQuery.data]);
  const pending = useRef<Cart | null>(null);
  const syncing = useRef(false);
  const sync = useCallback(
    async (next: Cart) => {
      const sendable = (c: Cart) => {
        const ids = known.current ? new Set(known.current.map((p) => p._id)) : null;
        return ids ? Object.fromEntries(Object.entries(c).filter(([id]) => ids.has(id))) : c;
      };
      pending.current = sendable(next);
      if (syncing.current) return;
      syncing.current = true;
      let conflicts = 0;
      while (pending.current) {
        const body = pending.current;
        pending.current = null;
        const base = saved.current;
        const r = await api.updateCart(body, base?.version);
        if (r.success) {
          if (typeof r.cartVersion === 'number') saved.current = { cart: body, version: r.cartVersion };
          announce(cartRef.current);
          continue;
        }
        const theirs = r.data?.cartItems as Cart | undefined;
        const version = r.data?.cartVersion;
        if (r.status === 409 && base && theirs && typeof version === 'number' && conflicts++ < 5) {
          // Another tab or device saved first: keep both sides' changes and send the result.
          saved.current = { cart: theirs, version };
          const merged = mergeCartChanges(base.cart, pending.current ?? body, theirs);
          if (userRef.current) showCart(merged);
          announce(merged);
          pending.current = sendable(merged);
          continue;
        }
        toast.error(r.message || t.toast.updateFailed, { id: 'cart-error' });
      }
      syncing.current = false;
    },
    [announce, showCart],
  );

  // Coming back to the tab: another device may have changed the cart meanwhile.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible' || !userRef.current || syncing.current || !saved.current) return;
      const id = userRef.current._id;
      void api.isAuth().then((r) => {
        if (!r.success || r.user._id !== id || syncing.current || userRef.current?._id !== id) return;
        const v = r.user.cartVersion;
        if (typeof v === 'number' && saved.current && v > saved.current.version) {
          saved.current = { cart: r.user.cartItems ?? {}, version: v };
          showCart(r.user.cartItems ?? {});
        }
      });
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [showCart]);

  const signedIn = useCallback(
    (u: User) => {
      const guest = loadGuestCart();
      const merged = mergeCarts(u.cartItems ?? {}, guest);
      saved.current = typeof u.cartVersion === 'number' ? { cart: u.cartItems ?? {}, version: u.cartVersion } : null;
      userRef.current = u;
      setUser(u);
      showCart(merged);
      if (Object.keys(guest).length > 0) {
        saveGuestCart({});
        void sync(merged);
      }
    },
    [sync, showCart],
  );

  useEffect(() => {
    let live = true;
    void api.isAuth().then((r) => {
      if (!live) return;
      if (r.success) signedIn(r.user);
      else if (r.status !== 401) {
        toast.error(t.toast.loadUser);
        userRef.current = null;
        setUser(null);
        showCart({});
      }
      setAuthChecked(true);
    });
    void api.authSeller().then((r) => {
      if (!live) return;
      setIsSeller(r.success);
      setSellerChecked(true);
    });
    return () => {
      live = false;
    };
  }, [signedIn, showCart]);

  const commit = useCallback(
    (next: Cart, success: string) => {
      showCart(next);
      if (userRef.current) void sync(next);
      else saveGuestCart(next);
      announce(next);
      // One toast for every cart change: the newest replaces the one before.
      toast.success(success, { id: 'cart' });
    },
    [sync, showCart, announce],
  );

  // Every cart action: compute the next cart, keep it, and say so; a failure says which action failed.
  const change = useCallback(
    (next: (c: Cart) => Cart, success: string, failure: string) => {
      try {
        commit(next(cartRef.current), success);
      } catch {
        toast.error(failure, { id: 'cart-error' });
      }
    },
    [commit],
  );
  const addToCart = useCallback(
    (id: string) => {
      // At the limit nothing would be added: say so rather than 'Added To Cart'.
      if ((cartRef.current[id] ?? 0) >= MAX_QUANTITY) toast.error(t.product.maxReached(MAX_QUANTITY), { id: 'cart' });
      else change((c) => addItem(c, id), t.toast.added, t.toast.addFailed);
    },
    [change],
  );
  const updateCartItem = useCallback(
    (id: string, quantity: number) => change((c) => updateItem(c, id, quantity), t.toast.updated, t.toast.updateFailed),
    [change],
  );
  const removeFromCart = useCallback((id: string) => change((c) => removeItem(c, id), t.toast.removed, t.toast.removeFailed), [change]);
  const deleteFromCart = useCallback((id: string) => change((c) => updateItem(c, id, 0), t.toast.removed, t.toast.removeFailed), [change]);
  // After a cash order: the server emptied the cart, which moved its version on by one.
  const clearCart = useCallback(() => {
    showCart({});
    saveGuestCart({});
    if (saved.current) saved.current = { cart: {}, version: saved.current.version + 1 };
    announce({});
  }, [showCart, announce]);

  // Ending either session: the server's message (or the fallback), the session's data forgotten, home.
  const endSession = useCallback(
    async (call: () => ReturnType<typeof api.logout>, forget: () => void) => {
      const r = await call();
      if (!r.success) {
        toast.error(r.message || t.toast.logoutFailed);
        return;
      }
      toast.success(r.message || t.toast.loggedOut);
      forget();
      void navigate(paths.home);
    },
    [navigate],
  );
  const logout = useCallback(
    () =>
      endSession(api.logout, () => {
        setUser(null);
        userRef.current = null;
        saved.current = null;
        showCart({});
        queryClient.removeQueries({ queryKey: ['addresses'] });
        queryClient.removeQueries({ queryKey: ['orders'] });
      }),
    [endSession, queryClient, showCart],
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
