// A stand-in for GET /api/seller/products over a list of products: it selects, orders and pages
// them as the server does (sqlstore's SellerProductPage), so that the seller area's pages can be
// tested against it.
import { LOW_STOCK, type Product, type SellerProduct } from '../lib/contract';
import type { Handler } from './render';

const available = (p: Product) => p.inStock;
const keys: Record<string, (p: Product) => number | string> = {
  name: (p) => p.name.toLowerCase(),
  price: (p) => p.offerPrice,
  'price-desc': (p) => p.offerPrice,
  stock: (p) => p.stock ?? Number.MAX_SAFE_INTEGER,
};

/**
 * sellerShelf answers the seller's product list from products() (newest first), with the query's
 * filters (q, category, stock, archived, vatExempt, id), order (sort) and page (limit, before), and
 * the counts the server sends; every call it answers is kept in asked.
 */
export function sellerShelf(products: () => (Product | SellerProduct)[], asked: URLSearchParams[] = []): Handler {
  return (_body, query) => {
    asked.push(query);
    const all = products();
    const q = (query.get('q') ?? '').trim().toLowerCase();
    const ids = query.getAll('id');
    const stock = query.get('stock');
    const archived = query.get('archived');
    let list = all.filter(
      (p) =>
        (ids.length === 0 || ids.includes(p._id)) &&
        (archived === null || Boolean(p.archived) === (archived === 'true')) &&
        (!q || p.name.toLowerCase().includes(q) || (p.nameNe ?? '').toLowerCase().includes(q) || (p.sku ?? '').toLowerCase().includes(q)) &&
        (!query.get('category') || p.category === query.get('category')) &&
        (query.get('vatExempt') !== 'true' || !!p.vatExempt) &&
        (stock === null || (stock === 'in' ? available(p) : stock === 'out' ? !available(p) : p.stock !== undefined && p.stock <= LOW_STOCK)),
    );
    const sort = query.get('sort') ?? 'newest';
    const key = keys[sort];
    if (key) {
      const down = sort === 'price-desc' ? -1 : 1;
      list = list
        .map((p, i) => ({ p, i }))
        .sort((a, b) => {
          const ka = key(a.p), kb = key(b.p);
          return (ka < kb ? -1 : ka > kb ? 1 : a.i - b.i) * down;
        })
        .map(({ p }) => p);
    }
    const total = list.length;
    const before = query.get('before');
    if (before) {
      const at = list.findIndex((p) => p._id === before);
      list = at < 0 ? [] : list.slice(at + 1);
    }
    const limit = Number(query.get('limit') ?? 0);
    const page = limit > 0 ? list.slice(0, limit) : list;
    const archivedCount = all.filter((p) => p.archived).length;
    return {
      json: {
        success: true, products: page, hasMore: page.length < list.length, total, onSale: all.length - archivedCount, archived: archivedCount,
        demoOnSale: all.filter((p) => p.demo && !p.archived).length,
      },
    };
  };
}
