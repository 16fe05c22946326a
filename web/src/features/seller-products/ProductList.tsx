import { useEffect, useRef } from 'react';
import { useDebounced } from '../../lib/useDebounced';
import { Link, useLocation, useSearchParams } from '../../lib/router';
import { CATEGORIES, type Product, type SellerProduct } from '../../lib/contract';
import { paths } from '../../lib/paths';
import { cover } from '../../lib/catalogue';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import { useStoreConfig } from '../../lib/config';
import { useSellerSession } from '../seller-session';
import { useArchiveProduct, useSellerProductList, useSetStock } from './api';
import { DemoNotice, NoProducts } from './DemoProducts';
import { lowOnStock } from '../../lib/cart';
import { priceText } from '../../lib/weight';
import { saleOn } from '../../lib/sale';
import { listQuery, readView, SORT_KEYS, STOCK_FILTERS, writeView, type ListView } from './productFilter';

/** searchPause is how long typing rests before the list asks the server for what was typed. */
const searchPause = 250;

/**
 * ProductList is the store's products on sale, or with ?show=archived its archived ones, newest
 * first, a page at a time (Show more products loads the next), each with its stock count and switch,
 * Edit link and Archive or Restore button. The seller searches by name or SKU, filters by category
 * and stock, and sorts, all done by the server over every product; the choice lives in the query
 * string (q, category, stock, sort), so links and reloads keep it.
 */
export default function ProductList() {
  const { money } = useStoreConfig();
  const setStock = useSetStock();
  const archive = useArchiveProduct();
  // A packer switches stock; the catalogue and its prices are the owner's.
  const owner = !!useSellerSession().seller?.reach.includes('owner');
  const changing = setStock.isPending ? setStock.variables._id : null;
  const archiving = archive.isPending ? archive.variables.id : null;
  const [params, setParams] = useSearchParams();
  const { search } = useLocation();
  const view = readView(params);
  const showArchived = view.archived;
  const typed = useDebounced(view.search, searchPause);
  const list = useSellerProductList(listQuery({ ...view, search: typed }));
  const productsLoading = list.isPending;
  const first = list.data?.pages[0];
  const archivedCount = first?.archived ?? 0;
  const onSaleCount = first?.onSale ?? 0;
  const inTab = showArchived ? archivedCount : onSaleCount;
  const total = first?.total ?? 0;
  const shown = list.data?.pages.flatMap((p) => p.products) ?? [];
  const filtered = view.search.trim() !== '' || view.category !== 'all' || view.stock !== 'all';
  // The search box keeps what is typed as it is (the URL follows it); when the URL changes otherwise
  // (filters cleared, a tab, back and forward), the box follows the URL.
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const box = searchBox.current;
    if (box && box !== document.activeElement && box.value !== view.search) box.value = view.search;
  }, [view.search]);

  /** change narrows or reorders the list, which starts again at its first page. */
  const change = (next: Partial<ListView>, replace = false) => setParams((current) => writeView({ ...readView(current), ...next }), { replace });
  const clear = () => setParams(writeView({ archived: showArchived }));
  const tab = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-lg px-4 font-medium ${active ? 'bg-green-700 text-white' : 'border border-stone-300 bg-white text-slate-700 hover:bg-stone-100'}`;
  const field = 'min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-slate-800 outline-none focus:border-green-700 focus:ring-2 focus:ring-green-700/30';
  const label = 'mb-1 block text-xs font-medium text-slate-600';

  return (
    <div className="p-4 md:p-10">
      <div className="flex max-w-5xl flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">
          {t.seller.allProducts}
        </h1>
        {owner && (
          <Link to={paths.seller.import} className="inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline">
            {t.seller.importLink}
          </Link>
        )}
      </div>
      <nav aria-label={t.seller.lists} className="mt-4 flex flex-wrap gap-2 text-sm">
        <Link to={paths.seller.productList} aria-current={showArchived ? undefined : 'page'} className={tab(!showArchived)}>
          {t.seller.onSale(onSaleCount)}
        </Link>
        <Link to={paths.seller.archived} aria-current={showArchived ? 'page' : undefined} className={tab(showArchived)}>
          {t.seller.archivedList(archivedCount)}
        </Link>
      </nav>
      {showArchived && <p className="mt-3 max-w-5xl text-sm text-slate-600">{t.seller.archivedHint}</p>}
      {!showArchived && owner && <DemoNotice onSale={first?.demoOnSale ?? 0} />}
      <div role="search" aria-label={t.seller.find.region} className="mt-4 grid max-w-5xl gap-3 sm:grid-cols-3 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="sm:col-span-3 lg:col-span-1">
          <label htmlFor="plist-search" className={label}>
            {t.seller.find.search}
          </label>
          <input
            ref={searchBox}
            id="plist-search"
            type="search"
            defaultValue={view.search}
            placeholder={t.seller.find.searchPlaceholder}
            onChange={(e) => change({ search: e.target.value }, true)}
            className={field}
          />
        </div>
        <div>
          <label htmlFor="plist-category" className={label}>
            {t.seller.category}
          </label>
          <select id="plist-category" value={view.category} onChange={(e) => change({ category: e.target.value as ListView['category'] })} className={field}>
            <option value="all">{t.seller.find.allCategories}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t.categoryName[c]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="plist-stock" className={label}>
            {t.seller.find.stock}
          </label>
          <select id="plist-stock" value={view.stock} onChange={(e) => change({ stock: e.target.value as ListView['stock'] })} className={field}>
            {STOCK_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t.seller.find.stocks[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="plist-sort" className={label}>
            {t.seller.find.sortBy}
          </label>
          <select id="plist-sort" value={view.sort} onChange={(e) => change({ sort: e.target.value as ListView['sort'] })} className={field}>
            {SORT_KEYS.map((s) => (
              <option key={s} value={s}>
                {t.seller.find.sorts[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {productsLoading ? (
        <div className="mt-6 max-w-5xl space-y-3" role="status" aria-label={t.loader}>
          <RowSkeleton />
          <RowSkeleton />
          <RowSkeleton />
        </div>
      ) : inTab === 0 ? (
        showArchived ? <p className="mt-6 text-slate-600">{t.seller.noArchived}</p> : <NoProducts />
      ) : total === 0 ? (
        <div className="mt-6 flex flex-wrap items-center gap-3 text-slate-600" role="status">
          <p>{t.seller.find.noMatches}</p>
          {filtered && (
            <button type="button" onClick={clear} className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-stone-100">
              {t.seller.clearFilters}
            </button>
          )}
        </div>
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
                          {p.sku && <p className="text-xs text-slate-500">{t.seller.skuOf(p.sku)}</p>}
                          {/* The columns a narrow screen leaves out, under the name. */}
                          <p className="text-xs text-slate-500 lg:hidden">
                            {t.categories[p.category]}
                            <span>
                              {' · '}
                              {priceText(p, money(p.offerPrice))}
                            </span>
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="hidden px-4 py-3 lg:table-cell">{t.categories[p.category]}</td>
                    <td className="hidden px-4 py-3 lg:table-cell">
                      {priceText(p, money(p.offerPrice))}
                      {saleOn(p) && <span className="ml-2 whitespace-nowrap rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">{t.seller.saleOnNow}</span>}
                    </td>
                    <td className="px-4 py-3">
                      <StockSwitch product={p} busy={changing === p._id} onToggle={() => setStock.mutate(p)} />
                      <StockCount product={p} />
                    </td>
                    <td className="px-4 py-3">
                      {owner && (
                        <Actions product={p} list={`${paths.seller.productList}${search}`} busy={archiving === p._id} onArchive={() => archive.mutate({ id: p._id, archived: !p.archived })} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4 flex max-w-5xl flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
            <p aria-live="polite">{t.seller.shownOf(shown.length, total)}</p>
            {list.hasNextPage && (
              <button
                type="button"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 font-medium text-slate-700 hover:bg-stone-100 disabled:opacity-60"
              >
                {list.isFetchingNextPage ? t.seller.loadingMore : t.seller.showMore}
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}

/** StockCount says how many units a product has left, or that they are not counted, and how many unpaid online orders hold; few or none left stand out. */
function StockCount({ product }: { product: SellerProduct }) {
  const held = product.held > 0 && <span className="mt-1 block whitespace-nowrap text-xs text-slate-500">{t.seller.unitsHeld(product.held)}</span>;
  if (product.stock === undefined)
    return (
      <>
        <span className="mt-1 block whitespace-nowrap text-xs text-slate-500">{t.seller.notCounted}</span>
        {held}
      </>
    );
  const colour = product.stock === 0 ? 'bg-red-50 text-red-700' : lowOnStock(product) ? 'bg-amber-100 text-amber-900' : 'bg-stone-100 text-slate-700';
  return (
    <>
      <span className={`mt-1 inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${colour}`}>{t.seller.unitsLeft(product.stock)}</span>
      {held}
    </>
  );
}

/** Actions are a product's Edit link, which comes back to the list as it was (list), and its Archive or Restore button. */
function Actions({ product, list, busy, onArchive }: { product: SellerProduct; list: string; busy: boolean; onArchive: () => void }) {
  const button = 'inline-flex min-h-11 items-center justify-center rounded-lg border px-3 font-medium';
  return (
    <div className="flex flex-col gap-2 lg:flex-row">
      <Link to={paths.seller.editProduct(product._id)} state={{ list }} aria-label={t.seller.editNamed(product.name)} className={`${button} border-stone-300 bg-white text-slate-700 hover:bg-stone-100`}>
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
