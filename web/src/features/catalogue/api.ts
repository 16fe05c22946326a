import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { Product } from '../../lib/contract';
import { searchable } from '../../lib/search';
import { t, useLanguage, type Language } from '../../i18n';
import { nameIn, type ShopProduct } from '../../lib/catalogue';
import { nepaliWeight } from '../../i18n/weight';

/** catalogueKeys are the query keys of the catalogue. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  products: () => [...catalogueKeys.all, 'products'] as const,
};

/** productsQuery loads every product, in stock or not; the storefront hides those out of stock. */
export const productsQuery = queryOptions({
  queryKey: catalogueKeys.products(),
  queryFn: () => unwrap(api.products(), t.toast.loadProducts).then((r) => r.products),
});

/**
 * inLanguage shows the products in lang: the Nepali name and description where the seller gave
 * them, the English ones otherwise, and in Nepali the weight's units and digits; each product
 * keeps every name it has for search.
 */
const inLanguage = (lang: Language) => (products: Product[]): ShopProduct[] =>
  products.map((p) => ({
    ...p,
    name: nameIn(p, lang),
    description: lang === 'ne' && p.descriptionNe?.length ? p.descriptionNe : p.description,
    weight: lang === 'ne' && p.weight ? nepaliWeight(p.weight) : p.weight,
    search: searchable([p.name, p.nameNe]),
  }));
// One function per language, so the products are worked out once per load, not per render.
const shown: Record<Language, (products: Product[]) => ShopProduct[]> = { en: inLanguage('en'), ne: inLanguage('ne') };

const noProducts: ShopProduct[] = [];

/** useProducts is the catalogue in the language shown, and whether it is still loading. */
export function useProducts() {
  const query = useQuery({ ...productsQuery, select: shown[useLanguage()] });
  return { products: query.data ?? noProducts, loading: query.isPending, error: query.error };
}
