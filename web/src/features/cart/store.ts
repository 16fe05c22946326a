import type { QueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { post } from '../../lib/api';
import { MAX_QUANTITY, type Cart, type CartConflictResponse, type CartUpdateRequest, type CartUpdateResponse, type Product, type User } from '../../lib/contract';
import { addOne, loadGuestCart, mergeCartChanges, mergeCarts, removeOne, reorder, saveGuestCart, setQuantity, type Reorder } from '../../lib/cart';
import { t } from '../../i18n';
import { knownProducts, productsByIdQuery } from '../products';
import { readSession } from '../account';

/** updateCart saves the cart; with version it is refused (409, data: the saved cartItems and cartVersion) when another tab saved first. */
const updateCart = (cartItems: Cart, version?: number) =>
  post<CartUpdateRequest, CartUpdateResponse, CartConflictResponse>('/api/cart/update', version === undefined ? { cartItems } : { cartItems, version });

/** cartKeys are the query keys of the cart: the cart lives in the query cache like the server's data. */
export const cartKeys = {
  all: ['cart'] as const,
  items: () => [...cartKeys.all, 'items'] as const,
};

/** CartMessage is what a tab tells the others of the browser when its cart changes. */
interface CartMessage {
  user: string | null;
  cart: Cart;
  saved: Saved | null;
}

/** Saved is the cart as the server last confirmed it, with its version. */
type Saved = { cart: Cart; version: number };

/**
 * CartStore keeps the shopper's cart in the query cache and brings every change to the right place:
 * a guest's cart to this browser's storage, a signed-in shopper's to the server, one request at a
 * time with the version last confirmed; when another tab or device saved first (409), both sides'
 * changes are merged and sent again. Tabs of one browser tell each other every change.
 */
export class CartStore {
  private saved: Saved | null = null;
  private pending: Cart | null = null;
  private syncing = false;
  /** unsent is set when a change found no network: it is sent once the browser is back online. */
  private unsent = false;
  private user: string | null = null;
  private channel: BroadcastChannel | null = null;

  constructor(private readonly client: QueryClient) {
    client.setQueryDefaults(cartKeys.all, { staleTime: Infinity, gcTime: Infinity });
    client.setQueryData(cartKeys.items(), loadGuestCart());
  }

  /** current is the cart as this tab shows it. */
  current(): Cart {
    return this.client.getQueryData<Cart>(cartKeys.items()) ?? {};
  }

  private show(next: Cart) {
    this.client.setQueryData(cartKeys.items(), next);
  }

  private announce(next: Cart) {
    this.channel?.postMessage({ user: this.user, cart: next, saved: this.saved } satisfies CartMessage);
  }

  /** connect listens to the other tabs and to this tab coming back into view; it answers the function that stops both. */
  connect(): () => void {
    let ch: BroadcastChannel | null = null;
    if (typeof BroadcastChannel !== 'undefined') {
      ch = new BroadcastChannel('haat.cart');
      this.channel = ch;
      ch.onmessage = (e: MessageEvent<CartMessage>) => {
        const m = e.data;
        if (!m || m.user !== this.user) return;
        this.show(m.cart);
        if (m.saved && (!this.saved || m.saved.version > this.saved.version)) this.saved = m.saved;
      };
    }
    // Coming back to the tab: another device may have changed the cart meanwhile.
    const refresh = () => {
      if (document.visibilityState !== 'visible' || !this.user || this.syncing || !this.saved) return;
      const id = this.user;
      void readSession().then((r) => {
        if (!r.success || r.user?._id !== id || this.syncing || this.user !== id) return;
        const v = r.user.cartVersion;
        if (typeof v === 'number' && this.saved && v > this.saved.version) {
          this.saved = { cart: r.user.cartItems ?? {}, version: v };
          this.show(r.user.cartItems ?? {});
        }
      });
    };
    document.addEventListener('visibilitychange', refresh);
    // Back online: a change made offline reaches the server now, and nothing the shopper did is lost.
    const resend = () => {
      if (!this.unsent || !this.user) return;
      this.unsent = false;
      void this.sync(this.current());
    };
    addEventListener('online', resend);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      removeEventListener('online', resend);
      if (ch) {
        if (this.channel === ch) this.channel = null;
        ch.close();
      }
    };
  }

  // Cart changes reach the server one request at a time, always with the latest cart. Products
  // the store no longer has (an old guest cart, say) are left out, since the server refuses them.
  // What the pages loaded tells most products apart; the others are looked up first.
  private async sendable(c: Cart): Promise<Cart> {
    const ids = Object.keys(c);
    const first = knownProducts(this.client, ids);
    let gone = first.gone;
    if (first.unknown.length > 0) {
      try {
        await this.client.fetchQuery(productsByIdQuery(first.unknown));
        ({ gone } = knownProducts(this.client, ids));
      } catch {
        // Not known: sent as they are, and the server says what it refuses.
      }
    }
    return gone.size > 0 ? Object.fromEntries(Object.entries(c).filter(([id]) => !gone.has(id))) : c;
  }

  private async sync(next: Cart) {
    this.pending = next;
    if (this.syncing) return;
    this.syncing = true;
    let conflicts = 0;
    while (this.pending) {
      const wanted = this.pending;
      this.pending = null;
      const body = await this.sendable(wanted);
      const base = this.saved;
      const r = await updateCart(body, base?.version);
      if (r.success) {
        if (typeof r.cartVersion === 'number') this.saved = { cart: body, version: r.cartVersion };
        this.announce(this.current());
        continue;
      }
      const theirs = r.data?.cartItems;
      const version = r.data?.cartVersion;
      if (r.status === 409 && base && theirs && typeof version === 'number' && conflicts++ < 5) {
        // Another tab or device saved first: keep both sides' changes and send the result.
        this.saved = { cart: theirs, version };
        const merged = mergeCartChanges(base.cart, this.pending ?? body, theirs);
        if (this.user) this.show(merged);
        this.announce(merged);
        this.pending = merged;
        continue;
      }
      if (r.status === 0) this.unsent = true;
      toast.error(r.message || t.toast.updateFailed, { id: 'cart-error' });
    }
    this.syncing = false;
  }

  /** signedIn takes the user of a session and merges the guest cart into theirs. */
  signedIn(u: User) {
    const guest = loadGuestCart();
    const merged = mergeCarts(u.cartItems ?? {}, guest);
    this.saved = typeof u.cartVersion === 'number' ? { cart: u.cartItems ?? {}, version: u.cartVersion } : null;
    this.user = u._id;
    this.show(merged);
    if (Object.keys(guest).length > 0) {
      saveGuestCart({});
      void this.sync(merged);
    }
  }

  /** signedOut forgets the shopper's cart: the tab shows an empty one. */
  signedOut() {
    this.user = null;
    this.unsent = false;
    this.saved = null;
    this.show({});
  }

  private commit(next: Cart, success: string) {
    this.show(next);
    if (this.user) void this.sync(next);
    else saveGuestCart(next);
    this.announce(next);
    // One toast for every cart change: the newest replaces the one before.
    toast.success(success, { id: 'cart' });
  }

  // Every cart action: compute the next cart, keep it, and say so; a failure says which action failed.
  private change(next: (c: Cart) => Cart, success: string, failure: string) {
    try {
      this.commit(next(this.current()), success);
    } catch {
      toast.error(failure, { id: 'cart-error' });
    }
  }

  /** addOne adds one of a product, of which a line may hold limit (the units left, or MAX_QUANTITY); at the limit it says so instead. */
  addOne(id: string, limit = MAX_QUANTITY) {
    if ((this.current()[id] ?? 0) >= limit) {
      toast.error(limit < MAX_QUANTITY ? t.product.onlyLeft(limit) : t.product.maxReached(MAX_QUANTITY), { id: 'cart' });
    } else this.change((c) => addOne(c, id), t.toast.added, t.toast.addFailed);
  }

  /** reorder puts an old order's items back into the cart (see reorder in lib/cart), says how many it added, and answers what it did. */
  reorder(items: Parameters<typeof reorder>[1], products: Product[]): Reorder {
    const r = reorder(this.current(), items, products);
    if (r.added > 0) this.change(() => r.cart, t.orders.reordered(r.added), t.toast.addFailed);
    return r;
  }

  /** lower brings a line down to the units left of its product, and says so. */
  lower(id: string, name: string, left: number) {
    const asked = this.current()[id] ?? 0;
    if (asked <= left) return;
    this.commit(setQuantity(this.current(), id, left), t.cart.lowered(name, asked, left));
  }

  /** setQuantity sets a product's quantity; zero takes it out. */
  setQuantity(id: string, quantity: number) {
    this.change((c) => setQuantity(c, id, quantity), t.toast.updated, t.toast.updateFailed);
  }

  /** removeOne takes one of a product away, and the product out at zero. */
  removeOne(id: string) {
    this.change((c) => removeOne(c, id), t.toast.removed, t.toast.removeFailed);
  }

  /** removeProduct takes a product out of the cart whatever its quantity. */
  removeProduct(id: string) {
    this.change((c) => setQuantity(c, id, 0), t.toast.removed, t.toast.removeFailed);
  }

  /** emptied follows a cash order: the server emptied the cart, which moved its version on by one. */
  emptied() {
    this.show({});
    saveGuestCart({});
    if (this.saved) this.saved = { cart: {}, version: this.saved.version + 1 };
    this.announce({});
  }
}

const stores = new WeakMap<QueryClient, CartStore>();

/** cartStore is the one cart of a query client (one per page; tests make several). */
export function cartStore(client: QueryClient): CartStore {
  let store = stores.get(client);
  if (!store) {
    store = new CartStore(client);
    stores.set(client, store);
  }
  return store;
}
