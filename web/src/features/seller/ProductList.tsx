import { useSearchParams } from 'react-router';
import type { Product } from '../../lib/api';
import { cover } from '../../lib/catalogue';
import { formatAmount } from '../../lib/money';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import { useProducts } from '../catalogue/api';
import { useStoreConfig } from '../../lib/config';
import { useSetStock } from './api';

/** PAGE_SIZE is how many products one page of the seller's list shows. */
export const PAGE_SIZE = 20;

/** ProductList is every product of the store, newest first, 20 a page, with its stock switch. */
export default function ProductList() {
  const { products, loading: productsLoading } = useProducts();
  const { currency } = useStoreConfig();
  const setStock = useSetStock();
  const changing = setStock.isPending ? setStock.variables._id : null;
  const [params, setParams] = useSearchParams();

  const pages = Math.max(1, Math.ceil(products.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1), pages);
  const shown = products.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const goTo = (p: number) => setParams(p === 1 ? {} : { page: String(p) });


  return (
    <div className="p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.seller.allProducts}</h1>
      {productsLoading ? (
        <div className="mt-6 max-w-4xl space-y-3" role="status" aria-label={t.loader}>
          <RowSkeleton />
          <RowSkeleton />
          <RowSkeleton />
        </div>
      ) : products.length === 0 ? (
        <p className="mt-6 text-slate-600">{t.seller.noProducts}</p>
      ) : (
        <>
          <div className="mt-6 max-w-4xl overflow-x-auto rounded-xl border border-stone-200 bg-white">
            <table className="w-full text-left text-sm text-slate-700">
              <thead className="bg-stone-50 text-slate-900">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">{t.seller.product}</th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">{t.seller.category}</th>
                  <th scope="col" className="hidden whitespace-nowrap px-4 py-3 font-semibold sm:table-cell">{t.seller.sellingPrice}</th>
                  <th scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">{t.seller.inStock}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((p) => (
                  <tr key={p._id} className="border-t border-stone-200" aria-label={p.name}>
                    <td className="px-4 py-3">
                      <div className="flex items-center gap-3">
                        <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg border border-stone-200 bg-green-50 p-1">
                          <img src={cover(p)} alt="" width={56} height={56} loading="lazy" className="h-full w-full object-contain" />
                        </div>
                        <div>
                          <p className="font-medium text-slate-900">{p.name}</p>
                          {/* The columns a narrow screen leaves out, under the name. */}
                          <p className="text-xs text-slate-500 lg:hidden">
                            {t.categories[p.category]}
                            <span className="sm:hidden">
                              {' · '}
                              {currency}
                              {formatAmount(p.offerPrice)}
                            </span>
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="hidden px-4 py-3 lg:table-cell">{t.categories[p.category]}</td>
                    <td className="hidden px-4 py-3 sm:table-cell">
                      {currency}
                      {formatAmount(p.offerPrice)}
                    </td>
                    <td className="px-4 py-3">
                      <StockSwitch product={p} busy={changing === p._id} onToggle={() => setStock.mutate(p)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t.seller.pages} className="mt-4 flex max-w-4xl flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
            <p>{t.seller.showing((page - 1) * PAGE_SIZE + 1, (page - 1) * PAGE_SIZE + shown.length, products.length)}</p>
            <div className="flex items-center gap-3">
              <button type="button" onClick={() => goTo(page - 1)} disabled={page === 1} className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 hover:bg-stone-100 disabled:opacity-50">
                {t.seller.previous}
              </button>
              <span aria-live="polite">{t.seller.page(page, pages)}</span>
              <button type="button" onClick={() => goTo(page + 1)} disabled={page === pages} className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 hover:bg-stone-100 disabled:opacity-50">
                {t.seller.next}
              </button>
            </div>
          </nav>
        </>
      )}
    </div>
  );
}

/** StockSwitch shows whether a product is in stock; pressing it takes it out of stock or puts it back. */
function StockSwitch({ product, busy, onToggle }: { product: Product; busy: boolean; onToggle: () => void }) {
  const label = product.inStock ? t.seller.removeFromStock : t.seller.updateStock;
  return (
    <button
      type="button"
      onClick={onToggle}
      disabled={busy}
      title={label}
      aria-label={label}
      className="group flex min-h-11 items-center gap-3 rounded-lg text-left disabled:opacity-60"
    >
      <span aria-hidden="true" className={`relative inline-block h-7 w-12 shrink-0 rounded-full transition-colors ${product.inStock ? 'bg-green-700' : 'bg-stone-300'}`}>
        <span className={`absolute left-1 top-1 h-5 w-5 rounded-full bg-white shadow transition-transform ${product.inStock ? 'translate-x-5' : ''}`} />
      </span>
      <span className="hidden whitespace-nowrap text-xs text-slate-600 lg:inline">{label}</span>
    </button>
  );
}
