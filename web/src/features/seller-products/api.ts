// The seller's products: the list, a product's form, the import, the demo catalogue's removal.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, get, post, unwrap } from '../../lib/api';
import type {
  DemoRemoveResponse,
  MessageResponse,
  Product,
  ProductAddResponse,
  ProductArchiveRequest,
  ProductImportResponse,
  ProductStockRequest,
  ProductUpdateResponse,
  SellerProduct,
  SellerProductsQuery,
  SellerProductsResponse,
} from '../../lib/contract';
import { t } from '../../i18n';
import toast from '../../lib/toast';
import { catalogueKeys } from '../products';
import { sellerKeys } from '../seller-session';

const api = {
  /** addProduct sends the add-product form: name, description (JSON lines), category, weight, price, offerPrice and images. */
  addProduct: (form: FormData) => post<FormData, ProductAddResponse>('/api/product/add', form),
  setStock: (id: string, inStock: boolean) => post<ProductStockRequest, MessageResponse>('/api/product/stock', { id, inStock }),
  /** sellerProducts answers the products, archived ones too, that the query selects, a page of them when it has a limit. */
  sellerProducts: (query: SellerProductsQuery) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query) as [string, string | number | string[] | undefined][]) {
      for (const one of Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]) params.append(k, String(one));
    }
    return get<SellerProductsResponse>(`/api/seller/products?${params.toString()}`);
  },
  /**
   * importProducts checks a product CSV (file), with an optional ZIP of photos (photos), and unless
   * dryRun is "true" stores it (POST /api/product/import); a refused import's data has the rows too.
   */
  importProducts: (form: FormData) => post<FormData, ProductImportResponse, ProductImportResponse>('/api/product/import', form),
  /** removeDemo removes the demo catalogue's products: archived where an order names them, deleted otherwise. */
  removeDemo: () => post<Record<string, never>, DemoRemoveResponse>('/api/seller/demo/remove', {}),
  /** updateProduct corrects a product: id and the fields that change, new photos under images, their order in imageOrder. */
  updateProduct: (form: FormData) => post<FormData, ProductUpdateResponse>('/api/product/update', form),
  /** archiveProduct takes a product off sale, or puts it back on sale. */
  archiveProduct: (id: string, archived: boolean) => post<ProductArchiveRequest, MessageResponse>('/api/product/archive', { id, archived }),
};

/** productsCSV is the address of the file of every product, in the import's columns (GET /api/product/export.csv). */
export const productsCSV = '/api/product/export.csv';

/** SELLER_PRODUCTS_PAGE is how many products the seller's list loads at a time. */
export const SELLER_PRODUCTS_PAGE = 20;

/** SellerProductsView is what the seller's list shows: a tab, a search, filters and an order (productFilter's ListView). */
export type SellerProductsView = Pick<SellerProductsQuery, 'q' | 'category' | 'stock' | 'archived' | 'sort'>;

/**
 * useSellerProductList loads the seller's products that the view selects, in its order, a page at
 * a time: fetchNextPage loads the next page while hasNextPage. Each page says how many products the
 * view selects in all (total) and how many are on sale and archived (onSale, archived). The list
 * shown stays while the next view loads.
 */
export function useSellerProductList(view: SellerProductsView) {
  return useInfiniteQuery({
    queryKey: [...sellerKeys.products(), 'list', view],
    queryFn: ({ pageParam }) => unwrap(api.sellerProducts({ ...view, limit: SELLER_PRODUCTS_PAGE, before: pageParam || undefined }), t.toast.loadProducts),
    initialPageParam: '',
    getNextPageParam: (last: SellerProductsResponse) => (last.hasMore ? last.products[last.products.length - 1]?._id : undefined),
    placeholderData: keepPreviousData,
  });
}

/** useSellerProduct loads one product, archived or not, as the seller's list has it; null when there is none. */
export function useSellerProduct(id: string | undefined) {
  const query = useQuery({
    queryKey: [...sellerKeys.products(), 'one', id],
    queryFn: () => unwrap(api.sellerProducts({ id: [id ?? ''] }), t.toast.loadProducts).then((r) => r.products[0] ?? null),
    enabled: !!id,
  });
  return { product: query.data ?? null, loading: query.isPending && !!id };
}

const noProducts: SellerProduct[] = [];

/**
 * useSellerProductsFound finds the products on sale whose name or SKU contains what was typed, up
 * to limit of them, and the products with the ids named (those already chosen), wherever they are.
 */
export function useSellerProductsFound(typed: string, limit: number, named: string[]) {
  const q = typed.trim();
  const found = useQuery({
    queryKey: [...sellerKeys.products(), 'found', q, limit],
    queryFn: () => unwrap(api.sellerProducts({ q, archived: 'false', limit }), t.toast.loadProducts).then((r) => r.products),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: [...sellerKeys.products(), 'named', named],
    queryFn: () => unwrap(api.sellerProducts({ id: named }), t.toast.loadProducts).then((r) => r.products),
    enabled: named.length > 0,
  });
  return { found: q === '' ? noProducts : (found.data ?? noProducts), named: chosen.data ?? noProducts };
}

/** useVatExemptCount is how many products on sale are exempt from VAT; undefined while it loads. */
export function useVatExemptCount() {
  const query = useQuery({
    queryKey: [...sellerKeys.products(), 'vat-exempt'],
    queryFn: () => unwrap(api.sellerProducts({ archived: 'false', vatExempt: 'true', limit: 1 }), t.toast.loadProducts).then((r) => r.total),
  });
  return query.data;
}

/** productsChanged loads the seller's products, the shop's catalogue and the dashboard again. */
const productsChanged = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: sellerKeys.products() }),
    client.invalidateQueries({ queryKey: catalogueKeys.all }),
    client.invalidateQueries({ queryKey: sellerKeys.dashboard() }),
  ]);

/** useSetStock puts a product in or out of stock; the products load again before it is done. */
export function useSetStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (p: Product) => unwrap(api.setStock(p._id, !p.inStock), t.toast.genericBang),
    onSuccess: (r) => {
      toast.success(r.message || t.toast.stockUpdated);
      return productsChanged(client);
    },
    onError: (e) => toast.error(e.message),
  });
}

/** useArchiveProduct takes a product off sale or restores it, with a toast either way; the products load again before it is done. */
export function useArchiveProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => unwrap(api.archiveProduct(id, archived), t.toast.genericBang),
    onSuccess: (r, { archived }) => {
      toast.success(r.message || (archived ? t.toast.productArchived : t.toast.productRestored));
      return productsChanged(client);
    },
    onError: (e) => toast.error(e.message),
  });
}

/**
 * useImportProducts sends an import (see api.importProducts) and answers its rows whether it was
 * taken or refused; a stored import has the products load again before it is done.
 */
export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData): Promise<ProductImportResponse> => {
      const r = await api.importProducts(form);
      if (r.success) return r;
      if (r.data?.rows) return { ...r.data, success: false, message: r.message } as ProductImportResponse;
      throw new ApiError(r.message || t.toast.genericBang, r.status);
    },
    onSuccess: (r) => (r.success && !r.dryRun ? productsChanged(client) : undefined),
  });
}

/** useUpdateProduct sends a product's corrections (see api.updateProduct); the products load again before it is done. */
export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => unwrap(api.updateProduct(form), t.toast.genericBang),
    onSuccess: () => productsChanged(client),
  });
}

/** useAddProduct sends a new product (its photos and details); the catalogue loads again. */
export function useAddProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => unwrap(api.addProduct(form), t.toast.genericBang),
    onSuccess: () => {
      void productsChanged(client);
    },
  });
}

/** useRemoveDemo removes the demo products; the products and the checklist load again. */
export function useRemoveDemo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.removeDemo(), t.toast.genericBang),
    onSuccess: (r) => {
      toast.success(r.message || t.seller.demo.removed);
      void client.invalidateQueries({ queryKey: sellerKeys.checklist() });
      return productsChanged(client);
    },
    onError: (e) => toast.error(e.message),
  });
}
