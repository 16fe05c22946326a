// The seller's product list as the seller narrows it: a search, a category, a stock state and an
// order. The server does the narrowing and sends the list a page at a time (a store may hold tens of
// thousands of products); the view lives in the URL's query string, so a link or a reload opens it.
import { CATEGORIES, SELLER_PRODUCT_SORTS, type Category } from '../../lib/contract';
import type { SellerProductsView } from './api';

/**
 * StockFilter narrows the list by stock: every product; those shoppers can buy now (inStock);
 * those they cannot (switched off, or counted with no unit left); and those to restock: counted
 * with at most LOW_STOCK units, none left included, whatever their switch (the products the
 * dashboard's low-stock panel counts).
 */
export const STOCK_FILTERS = ['all', 'in', 'out', 'low'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/**
 * SortKey orders the list, as the server orders it (SELLER_PRODUCT_SORTS): newest first, by name
 * A-Z, by offer price either way, or by counted units, fewest first, with the products not counted last.
 */
export const SORT_KEYS = SELLER_PRODUCT_SORTS;
export type SortKey = (typeof SORT_KEYS)[number];

/** ListView is what the seller has chosen: the tab (archived or on sale), search, filters and order. */
export interface ListView {
  archived: boolean;
  search: string;
  category: Category | 'all';
  stock: StockFilter;
  sort: SortKey;
}

const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T => (values.includes(v as T) ? (v as T) : fallback);

/** readView reads the list's state from a query string; anything missing or unknown takes its default. */
export function readView(params: URLSearchParams): ListView {
  return {
    archived: params.get('show') === 'archived',
    search: params.get('q') ?? '',
    category: oneOf<Category | 'all'>(['all', ...CATEGORIES], params.get('category'), 'all'),
    stock: oneOf(STOCK_FILTERS, params.get('stock'), 'all'),
    sort: oneOf(SORT_KEYS, params.get('sort'), 'newest'),
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
  return params;
}


/** listQuery is what the server is asked for to show a view: its tab, search, filters and order, those at their default left out. */
export function listQuery(v: ListView): SellerProductsView {
  const q: SellerProductsView = { archived: v.archived ? 'true' : 'false' };
  const search = v.search.trim();
  if (search) q.q = search;
  if (v.category !== 'all') q.category = v.category;
  if (v.stock !== 'all') q.stock = v.stock;
  if (v.sort !== 'newest') q.sort = v.sort;
  return q;
}
