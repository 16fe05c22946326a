import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/api';
import type { Product } from '../../lib/contract';
import { t } from '../../i18n';

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

const noProducts: Product[] = [];

/** useProducts is the catalogue, and whether it is still loading. */
export function useProducts() {
  const query = useQuery(productsQuery);
  return { products: query.data ?? noProducts, loading: query.isPending, error: query.error };
}
