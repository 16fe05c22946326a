import { Link, useSearchParams } from 'react-router';
import type { Product, SellerProduct } from '../../lib/contract';
import { paths } from '../../app/paths';
import { cover } from '../../lib/catalogue';
import { formatAmount } from '../../lib/money';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import { useStoreConfig } from '../../lib/config';
import { useArchiveProduct, useSellerProducts, useSetStock } from './api';

/** PAGE_SIZE is how many products one page of the seller's list shows. */
export const PAGE_SIZE = 20;

/** ProductList is the store's products on sale, or with ?show=archived its archived ones, newest first, 20 a page, each with its stock switch, Edit link and Archive or Restore button. */
export default function ProductList() {
  const { products: all, loading: productsLoading } = useSellerProducts();
  const { currency } = useStoreConfig();
  const setStock = useSetStock();
  const archive = useArchiveProduct();
  const changing = setStock.isPending ? setStock.variables._id : null;
  const archiving = archive.isPending ? archive.variables.id : null;
  const [params, setParams] = useSearchParams();
  const showArchived = params.get('show') === 'archived';
  const archivedCount = all.filter((p) => p.archived).length;
  const products = all.filter((p) => p.archived === showArchived);

  const pages = Math.max(1, Math.ceil(products.length / PAGE_SIZE));
  const page = Math.min(Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1), pages);
  const shown = products.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const goTo = (p: number) => setParams({ ...(showArchived ? { show: 'archived' } : {}), ...(p === 1 ? {} : { page: String(p) }) });
  const tab = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-lg px-4 font-medium ${active ? 'bg-green-700 text-white' : 'border border-stone-300 bg-white text-slate-700 hover:bg-stone-100'}`;


  return (
    <div className="p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.seller.allProducts}</h1>
      <nav aria-label={t.seller.lists} className="mt-4 flex flex-wrap gap-2 text-sm">
        <Link to={paths.seller.productList} aria-current={showArchived ? undefined : 'page'} className={tab(!showArchived)}>
          {t.seller.onSale(all.length - archivedCount)}
        </Link>
        <Link to={paths.seller.archived} aria-current={showArchived ? 'page' : undefined} className={tab(showArchived)}>
          {t.seller.archivedList(archivedCount)}
        </Link>
      </nav>
      {showArchived && <p className="mt-3 max-w-5xl text-sm text-slate-600">{t.seller.archivedHint}</p>}
      {productsLoading ? (
        <div className="mt-6 max-w-5xl space-y-3" role="status" aria-label={t.loader}>
          <RowSkeleton />
          <RowSkeleton />
          <RowSkeleton />
        </div>
      ) : products.length === 0 ? (
        <p className="mt-6 text-slate-600">{showArchived ? t.seller.noArchived : t.seller.noProducts}</p>
      ) : (
        <>
          <div className="mt-6 max-w-5xl overflow-x-auto rounded-xl border border-stone-200 bg-white">
            <table className="w-full text-left text-sm text-slate-700">
              <thead className="bg-stone-50 text-slate-900">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">{t.seller.product}</th>
                  <th scope="col" className="hidden px-4 py-3 font-semibold lg:table-cell">{t.seller.category}</th>
                  <th scope="col" className="hidden whitespace-nowrap px-4 py-3 font-semibold lg:table-cell">{t.seller.sellingPrice}</th>
                  <th scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">{t.seller.inStock}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{t.seller.actions}</th>
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
                            <span>
                              {' · '}
                              {currency}
                              {formatAmount(p.offerPrice)}
                            </span>
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="hidden px-4 py-3 lg:table-cell">{t.categories[p.category]}</td>
                    <td className="hidden px-4 py-3 lg:table-cell">
                      {currency}
                      {formatAmount(p.offerPrice)}
                    </td>
                    <td className="px-4 py-3">
                      <StockSwitch product={p} busy={changing === p._id} onToggle={() => setStock.mutate(p)} />
                    </td>
                    <td className="px-4 py-3">
                      <Actions product={p} busy={archiving === p._id} onArchive={() => archive.mutate({ id: p._id, archived: !p.archived })} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t.seller.pages} className="mt-4 flex max-w-5xl flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
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

/** Actions are a product's Edit link and its Archive or Restore button. */
function Actions({ product, busy, onArchive }: { product: SellerProduct; busy: boolean; onArchive: () => void }) {
  const button = 'inline-flex min-h-11 items-center justify-center rounded-lg border px-3 font-medium';
  return (
    <div className="flex flex-col gap-2 lg:flex-row">
      <Link to={paths.seller.editProduct(product._id)} aria-label={t.seller.editNamed(product.name)} className={`${button} border-stone-300 bg-white text-slate-700 hover:bg-stone-100`}>
        {t.seller.edit}
      </Link>
      <button
        type="button"
        onClick={onArchive}
        disabled={busy}
        aria-label={product.archived ? t.seller.restoreNamed(product.name) : t.seller.archiveNamed(product.name)}
        className={`${button} disabled:opacity-60 ${product.archived ? 'border-green-700 bg-white text-green-800 hover:bg-green-50' : 'border-stone-300 bg-white text-slate-700 hover:bg-stone-100'}`}
      >
        {product.archived ? t.seller.restore : t.seller.archive}
      </button>
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
