// The seller's product list as the seller narrows it: which products a search, a category and a
// stock state keep, in which order, and which page of them is shown. The list holds every product
// of the store (hundreds, not millions), so this runs in the browser; its state lives in the URL's
// query string, so a link or a reload opens the same view.
import { CATEGORIES, type Category, type SellerProduct } from '../../lib/contract';
import { lowOnStock } from '../../lib/cart';

/** PAGE_SIZE is how many products one page of the seller's list shows. */
export const PAGE_SIZE = 20;

/**
 * StockFilter narrows the list by stock: every product; those shoppers can buy now (inStock);
 * those they cannot (switched off, or counted with no unit left); and those to restock: counted
 * with at most LOW_STOCK units, none left included, whatever their switch (the products the
 * dashboard's low-stock panel counts).
 */
export const STOCK_FILTERS = ['all', 'in', 'out', 'low'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/**
 * SortKey orders the list: newest first (the server's order), by name A-Z, by offer price either
 * way, or by counted units, fewest first, with the products not counted last.
 */
export const SORT_KEYS = ['newest', 'name', 'price', 'price-desc', 'stock'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** ListView is what the seller has chosen: the tab (archived or on sale), search, filters, order and page. */
export interface ListView {
  archived: boolean;
  search: string;
  category: Category | 'all';
  stock: StockFilter;
  sort: SortKey;
  page: number;
}

/** ListPage is one page of the narrowed list: its products, the page shown (within range), how many pages and products there are in all. */
export interface ListPage {
  products: SellerProduct[];
  page: number;
  pages: number;
  total: number;
  /** first is the 0-based position of the page's first product among all matches. */
  first: number;
}

const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T => (values.includes(v as T) ? (v as T) : fallback);

/** readView reads the list's state from a query string; anything missing or unknown takes its default. */
export function readView(params: URLSearchParams): ListView {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    archived: params.get('show') === 'archived',
    search: params.get('q') ?? '',
    category: oneOf<Category | 'all'>(['all', ...CATEGORIES], params.get('category'), 'all'),
    stock: oneOf(STOCK_FILTERS, params.get('stock'), 'all'),
    sort: oneOf(SORT_KEYS, params.get('sort'), 'newest'),
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** writeView is the query string of a view, leaving out whatever is at its default (so the plain list has none). */
export function writeView(v: Partial<ListView>): URLSearchParams {
  const params = new URLSearchParams();
  if (v.archived) params.set('show', 'archived');
  if (v.search) params.set('q', v.search);
  if (v.category && v.category !== 'all') params.set('category', v.category);
  if (v.stock && v.stock !== 'all') params.set('stock', v.stock);
  if (v.sort && v.sort !== 'newest') params.set('sort', v.sort);
  if (v.page && v.page > 1) params.set('page', String(v.page));
  return params;
}


const stockMatches: Record<StockFilter, (p: SellerProduct) => boolean> = {
  all: () => true,
  in: (p) => p.inStock,
  out: (p) => !p.inStock,
  low: lowOnStock,
};

const byName = (a: SellerProduct, b: SellerProduct) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });

const orders: Record<SortKey, ((a: SellerProduct, b: SellerProduct) => number) | null> = {
  newest: null,
  name: byName,
  price: (a, b) => a.offerPrice - b.offerPrice || byName(a, b),
  'price-desc': (a, b) => b.offerPrice - a.offerPrice || byName(a, b),
  stock: (a, b) => (a.stock ?? Infinity) - (b.stock ?? Infinity) || byName(a, b),
};

/**
 * narrow keeps the products of the view's tab that match its search (any part of the name or the
 * SKU, in any case, spaces around it ignored), category and stock state, orders them by its sort (ties by name;
 * "newest" keeps the order given) and returns the page asked for, or the last one when it asks
 * past the end.
 */
export function narrow(products: readonly SellerProduct[], v: ListView, pageSize = PAGE_SIZE): ListPage {
  const search = v.search.trim().toLocaleLowerCase();
  const matches = products.filter(
    (p) =>
      Boolean(p.archived) === v.archived &&
      (search === '' || p.name.toLocaleLowerCase().includes(search) || (p.sku ?? '').toLocaleLowerCase().includes(search)) &&
      (v.category === 'all' || p.category === v.category) &&
      stockMatches[v.stock](p),
  );
  const order = orders[v.sort];
  if (order) matches.sort(order);
  const pages = Math.max(1, Math.ceil(matches.length / pageSize));
  const page = Math.min(Math.max(1, Math.floor(v.page) || 1), pages);
  const first = (page - 1) * pageSize;
  return { products: matches.slice(first, first + pageSize), page, pages, total: matches.length, first };
}
