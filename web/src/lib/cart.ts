import { LOW_STOCK, MAX_QUANTITY, type Cart, type Product } from './contract';
import { isWeighed } from './weight';

/** quantityLimit is the most of a product one cart line can order: MAX_QUANTITY, or the units left when the store counts fewer. */
export const quantityLimit = (p: Product): number => Math.min(MAX_QUANTITY, p.stock ?? MAX_QUANTITY);

/** lowOnStock tells whether a product's counted units are LOW_STOCK or fewer, none left included. */
export const lowOnStock = (p: Pick<Product, 'stock'>): p is { stock: number } => p.stock !== undefined && p.stock <= LOW_STOCK;

/** fewLeft is the number of units left of a product on sale when it is so few that the storefront says so. */
export function fewLeft(p: Product): number | undefined {
  return p.inStock && lowOnStock(p) ? p.stock : undefined;
}

const clamp = (q: number) => Math.min(Math.max(Math.trunc(q), 0), MAX_QUANTITY);

/** addOne adds one of a product. */
export function addOne(cart: Cart, id: string): Cart {
  return { ...cart, [id]: clamp((cart[id] ?? 0) + 1) };
}

/** setQuantity sets a product's quantity; zero or less removes it. */
export function setQuantity(cart: Cart, id: string, quantity: number): Cart {
  const next = { ...cart };
  if (!Number.isFinite(quantity) || quantity <= 0) delete next[id];
  else next[id] = clamp(quantity);
  return next;
}

/** removeOne takes one of a product away, and the product out at zero. */
export function removeOne(cart: Cart, id: string): Cart {
  return setQuantity(cart, id, (cart[id] ?? 0) - 1);
}

/** mergeCarts adds a guest cart into a saved one, quantity by quantity, capped at MAX_QUANTITY. */
export function mergeCarts(saved: Cart, guest: Cart): Cart {
  const merged: Cart = {};
  for (const [id, q] of Object.entries(saved)) if (q > 0) merged[id] = clamp(q);
  for (const [id, q] of Object.entries(guest)) if (q > 0) merged[id] = clamp((merged[id] ?? 0) + q);
  return merged;
}

/**
 * mergeCartChanges brings together two edits of one cart: base is the cart as this tab last saw it
 * on the server, mine is this tab's cart since, theirs what another tab or device saved meanwhile.
 * A line only one side changed takes that side's quantity; a line both changed takes theirs plus
 * my difference, so that both sides' additions are kept (base 1, I add 1, they add 2: 4). Capped at
 * MAX_QUANTITY; zero or less removes the line.
 */
export function mergeCartChanges(base: Cart, mine: Cart, theirs: Cart): Cart {
  const merged: Cart = {};
  for (const id of new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(theirs)])) {
    const b = base[id] ?? 0;
    const m = mine[id] ?? 0;
    const th = theirs[id] ?? 0;
    const q = m === b ? th : th === b ? m : th + (m - b);
    if (q > 0) merged[id] = clamp(q);
  }
  return merged;
}

/** sameCart tells whether two carts hold the same quantities. */
export function sameCart(a: Cart, b: Cart): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((id) => a[id] === b[id]);
}

/** cartCount is the number of items: the sum of positive quantities, a product sold by weight counted once whatever its weight. */
export function cartCount(cart: Cart): number {
  return Object.entries(cart).reduce((n, [id, q]) => (q > 0 ? n + (isWeighed(id) ? 1 : q) : n), 0);
}

export interface CartLine {
  product: Product;
  /** quantity is what the line orders: what the cart holds, or the units left when fewer. */
  quantity: number;
  /** asked is what the cart holds when fewer units are left, so the quantity has to come down. */
  asked?: number;
}

/** cartLines pairs the cart with known, in-stock products, in the cart's order, each at most at its quantityLimit. */
export function cartLines(cart: Cart, products: Product[]): CartLine[] {
  const byId = new Map(products.map((p) => [p._id, p]));
  return Object.entries(cart).flatMap(([id, held]) => {
    const p = byId.get(id);
    if (!p?.inStock || held <= 0) return [];
    const quantity = Math.min(held, quantityLimit(p));
    return [quantity < held ? { product: p, quantity, asked: held } : { product: p, quantity }];
  });
}

/** UnavailableLine is a product in the cart that cannot be ordered now: out of stock, or no longer sold (no product). */
export interface UnavailableLine {
  id: string;
  product?: Product;
  quantity: number;
}

/** unavailableLines are the cart's products that are out of stock, then those the store no longer sells (not among products), each in the cart's order. */
export function unavailableLines(cart: Cart, products: Product[]): UnavailableLine[] {
  const byId = new Map(products.map((p) => [p._id, p]));
  const held = Object.entries(cart).filter(([, q]) => q > 0);
  const out = held.flatMap(([id, quantity]): UnavailableLine[] => {
    const product = byId.get(id);
    return product && !product.inStock ? [{ id, product, quantity }] : [];
  });
  for (const [id, quantity] of held) if (!byId.has(id)) out.push({ id, quantity });
  return out;
}

/** Reorder is what putting an old order back into a cart gives: the cart, the units added, and the products no longer available. */
export interface Reorder {
  cart: Cart;
  added: number;
  unavailable: string[];
}

/**
 * reorder adds the items of an old order to a cart: each product still on sale, up to its
 * quantityLimit; the names of the others are answered, for the shopper to be told.
 */
export function reorder(cart: Cart, items: { product: { _id: string; name: string }; quantity: number }[], products: Product[]): Reorder {
  const byId = new Map(products.map((p) => [p._id, p]));
  const next = { ...cart };
  let added = 0;
  const unavailable: string[] = [];
  for (const { product, quantity } of items) {
    const p = byId.get(product._id);
    const held = next[product._id] ?? 0;
    const wanted = p?.inStock ? Math.min(held + quantity, quantityLimit(p)) : held;
    if (wanted > held) {
      next[product._id] = wanted;
      added += wanted - held;
    } else if (!p?.inStock) unavailable.push(p?.name ?? product.name);
  }
  return { cart: next, added, unavailable };
}

const GUEST_KEY = 'haat.guestCart';

/** loadGuestCart reads the cart a visitor keeps in this browser. */
export function loadGuestCart(): Cart {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(GUEST_KEY) ?? '{}');
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    const cart: Cart = {};
    for (const [id, q] of Object.entries(raw)) if (typeof q === 'number' && q > 0) cart[id] = clamp(q);
    return cart;
  } catch {
    return {};
  }
}

/** saveGuestCart keeps a visitor's cart across reloads; an empty cart removes the key. */
export function saveGuestCart(cart: Cart): void {
  try {
    if (Object.keys(cart).length === 0) localStorage.removeItem(GUEST_KEY);
    else localStorage.setItem(GUEST_KEY, JSON.stringify(cart));
  } catch {
    // Storage full or disabled: the cart still works for this visit.
  }
}
