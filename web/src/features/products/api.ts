import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { get, unwrap } from '../../lib/api';
import { MAX_FIND, SORT_SAVINGS, type Category, type Product, type ProductGetResponse, type ProductSearchResponse } from '../../lib/contract';
import { t, useLanguage, type Language } from '../../i18n';
import { nameIn } from '../../lib/catalogue';
import { nepaliWeight } from '../../i18n/weight';
import { rememberWeighed } from '../../lib/weight';
import { useCallback, useDeferredValue, useEffect } from 'react';
import toast from '../../lib/toast';
import { useAsRenderedAhead } from '../../lib/useHydrated';

const api = {
  /** searchProducts answers a page of the products in stock that q (any name, in Devanagari or romanised) and category select, newest first or in sort; cursor is the nextCursor of the page before. */
  searchProducts: ({ q = '', category = '', sort = '', cursor = '', limit }: { q?: string; category?: string; sort?: ProductSort; cursor?: string; limit?: number }) => {
    const query = new URLSearchParams();
    if (q.trim() !== '') query.set('q', q.trim());
    if (category) query.set('category', category);
    if (sort) query.set('sort', sort);
    if (cursor) query.set('cursor', cursor);
    if (limit !== undefined) query.set('limit', String(limit));
    const text = query.toString();
    return get<ProductSearchResponse>(`/api/product/search${text ? `?${text}` : ''}`);
  },
  /** getProducts answers the products on sale with the ids (at most MAX_FIND), in stock or not, in the order asked. */
  getProducts: (ids: string[]) =>
    get<ProductGetResponse>(`/api/product/get?${new URLSearchParams(ids.map((id) => ['id', id])).toString()}`),
};

/** ProductSort is the order of a search: '' for the list's own (newest first, or best found first), or the largest saving first. */
export type ProductSort = '' | typeof SORT_SAVINGS;

/** productSort reads the order a page asks for (its ?sort=); anything unknown is the list's own. */
export const productSort = (value: string | null): ProductSort => (value === SORT_SAVINGS ? SORT_SAVINGS : '');

/** ProductSearch is what a page of products is asked for by: search text, category, order and page size. */
export interface ProductSearch {
  q?: string;
  category?: Category | '';
  sort?: ProductSort;
  limit?: number;
}

/** Found is the answer to a look-up by ids: the ids asked for, and those of them on sale. */
export interface Found {
  ids: string[];
  products: Product[];
}

/**
 * catalogueKeys are the query keys of the catalogue: pages of a search by what they were asked
 * by, and products looked up by their ids (sorted, so that one set of ids is one query).
 */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  searches: () => [...catalogueKeys.all, 'search'] as const,
  search: ({ q = '', category = '', sort = '', limit }: ProductSearch) => [...catalogueKeys.searches(), { q: q.trim(), category, sort, limit }] as const,
  found: () => [...catalogueKeys.all, 'get'] as const,
  byIds: (ids: string[]) => [...catalogueKeys.found(), [...new Set(ids)].sort()] as const,
};

/** productsByIdQuery looks the products up by id, MAX_FIND at a time; it answers the ids it asked for too. */
export const productsByIdQuery = (ids: string[]) => {
  const queryKey = catalogueKeys.byIds(ids);
  return queryOptions({
    queryKey,
    queryFn: async (): Promise<Found> => {
      const asked = queryKey[2];
      const chunks: string[][] = [];
      for (let i = 0; i < asked.length; i += MAX_FIND) chunks.push(asked.slice(i, i + MAX_FIND));
      const answers = await Promise.all(chunks.map((c) => unwrap(api.getProducts(c), t.toast.loadProducts)));
      return { ids: asked, products: answers.flatMap((a) => a.products) };
    },
  });
};

/**
 * inLanguage shows a product in lang: the Nepali name and description where the seller gave them,
 * the English ones otherwise, and in Nepali the weight's units and digits. It notes how the product
 * is sold, for the cart's count (rememberWeighed).
 */
export const inLanguage =
  (lang: Language) =>
  (p: Product): Product => {
    rememberWeighed(p);
    return {
      ...p,
      name: nameIn(p, lang),
      description: lang === 'ne' && p.descriptionNe?.length ? p.descriptionNe : p.description,
      weight: lang === 'ne' && p.weight ? nepaliWeight(p.weight) : p.weight,
    };
  };

// One function per language for each kind of answer, so that the products are worked out once
// per answer, not per render.
const pagesIn = (lang: Language) => {
  const shown = inLanguage(lang);
  return (data: InfiniteData<ProductSearchResponse, string>): Shown => ({
    products: data.pages.flatMap((page) => page.products.map(shown)),
    didYouMean: data.pages[0]?.didYouMean ?? '',
  });
};

/** Shown is a search's pages as the shop shows them: their products in the language shown, and the text to try instead when it found nothing. */
interface Shown {
  products: Product[];
  didYouMean: string;
}
const foundIn = (lang: Language) => {
  const shown = inLanguage(lang);
  return (data: Found) => ({ ids: data.ids, products: data.products.map(shown) });
};
const shownPages: Record<Language, ReturnType<typeof pagesIn>> = { en: pagesIn('en'), ne: pagesIn('ne') };
const shownFound: Record<Language, ReturnType<typeof foundIn>> = { en: foundIn('en'), ne: foundIn('ne') };

const noProducts: Product[] = [];

/** useLoadError shows a failed load of products as an error toast, once however many lists failed. */
function useLoadError(error: Error | null) {
  useEffect(() => {
    if (error) toast.error(error.message || t.toast.loadProducts, { id: 'load-products' });
  }, [error]);
}

/**
 * useProductSearch pages through the products in stock that the search selects, newest first, in
 * the language shown: a page at a time, the next one on fetchNextPage. While another search
 * loads, the one before stays shown. Products that arrive show in a render of their own, drawn in
 * slices (useDeferredValue), not in the one their arrival sets off: a phone stays responsive
 * while a list of cards is drawn.
 */
export function useProductSearch(search: ProductSearch, enabled = true) {
  const query = useAsRenderedAhead(
    useInfiniteQuery({
      enabled,
      queryKey: catalogueKeys.search(search),
      queryFn: ({ pageParam }) =>
        unwrap(api.searchProducts({ q: search.q, category: search.category, sort: search.sort, limit: search.limit, cursor: pageParam }), t.toast.loadProducts),
      initialPageParam: '',
      getNextPageParam: (last) => last.nextCursor,
      select: shownPages[useLanguage()],
      placeholderData: keepPreviousData,
    }),
  );
  useLoadError(query.error);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const shown = useDeferredValue(query.data);
  return {
    products: shown?.products ?? noProducts,
    /** didYouMean is the search spelled as the shop's products are, when it found nothing and that finds some; '' otherwise. */
    didYouMean: shown?.didYouMean ?? '',
    loading: query.isPending || (shown === undefined && query.data !== undefined),
    error: query.error,
    more: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore,
  };
}

/**
 * useProductsById is the products on sale with the ids, in stock or not, in the language shown;
 * missing answers whether the store no longer sells a product: only for ids it was asked about,
 * so that an id added while the answer loads is not taken for one.
 */
export function useProductsById(ids: string[], enabled = true) {
  const query = useQuery({
    ...productsByIdQuery(ids),
    select: shownFound[useLanguage()],
    placeholderData: keepPreviousData,
    enabled: enabled && ids.length > 0,
  });
  useLoadError(query.error);
  const data = query.data;
  return {
    products: data?.products ?? noProducts,
    loading: ids.length > 0 && enabled && query.isPending,
    /** answered tells whether the answer shown asked about the id. */
    answered: (id: string) => !!data && data.ids.includes(id),
    error: query.error,
  };
}

/**
 * knownProducts sorts ids by what the cached answers say: on sale (some answer holds the
 * product), no longer sold (a look-up by id asked for it and did not find it), or not known yet.
 */
export function knownProducts(client: QueryClient, ids: string[]): { onSale: Set<string>; gone: Set<string>; unknown: string[] } {
  const onSale = new Set<string>();
  const asked = new Set<string>();
  for (const [, data] of client.getQueriesData<Found>({ queryKey: catalogueKeys.found() })) {
    if (!data) continue;
    for (const p of data.products) onSale.add(p._id);
    for (const id of data.ids) asked.add(id);
  }
  for (const [, data] of client.getQueriesData<InfiniteData<ProductSearchResponse>>({ queryKey: catalogueKeys.searches() })) {
    for (const page of data?.pages ?? []) for (const p of page.products) onSale.add(p._id);
  }
  const gone = new Set(ids.filter((id) => asked.has(id) && !onSale.has(id)));
  return { onSale, gone, unknown: ids.filter((id) => !onSale.has(id) && !gone.has(id)) };
}
