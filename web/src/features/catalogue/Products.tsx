import { useApp } from '../../lib/appState';
import { ProductList } from './ProductCard';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import { productSort, useProductSearch, type ProductSort } from '../products';
import { useDebounced } from '../../lib/useDebounced';
import { useSearchParams } from '../../lib/router';
import { useHydrated } from '../../lib/useHydrated';
import { inputClass } from '../../components/styles';
import { SORT_SAVINGS } from '../../lib/contract';

/** searchPause is how long the typing must pause before the search is asked. */
const searchPause = 250;

/**
 * Products lists the products in stock a page at a time, filtered by the navigation bar's search
 * once the typing pauses (until then the list before stays), newest first or in the order ?sort=
 * asks (savings: the largest saving first, where "Explore deals" leads).
 */
export default function Products() {
  const { search, setSearch } = useApp();
  const q = useDebounced(search.trim(), searchPause);
  const [params, setParams] = useSearchParams();
  // The page rendered ahead is the list's own order; the address's order shows once the browser has it.
  const sort = useHydrated() ? productSort(params.get('sort')) : '';
  const setSort = (next: ProductSort) =>
    setParams(
      (p) => {
        if (next) p.set('sort', next);
        else p.delete('sort');
        return p;
      },
      { replace: true },
    );
  const { products, didYouMean, loading, more, loadingMore, loadMore } = useProductSearch({ q, sort });
  useTitle(q ? t.titles.search(q) : t.titles.products);
  return (
    <section className="mt-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t.products.all}</h1>
      <div className="mt-1 h-1 w-16 rounded-full bg-green-700" />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        {q ? <p className="text-slate-600">{t.products.results(q)}</p> : <span />}
        <label className="flex items-center gap-2 text-sm font-medium whitespace-nowrap text-slate-700">
          {/* Level with the field, which inputClass sets 0.25 rem down. */}
          <span className="mt-1">{t.products.sortBy}</span>
          <select value={sort} onChange={(e) => setSort(productSort(e.target.value))} className={`${inputClass} min-h-11 w-auto py-2`}>
            <option value="">{t.products.sortNewest}</option>
            <option value={SORT_SAVINGS}>{t.products.sortSavings}</option>
          </select>
        </label>
      </div>
      <div className="mt-6">
        <ProductList
          products={products}
          loading={loading}
          more={{ more, loadingMore, loadMore }}
          empty={
            <div className="py-16 text-center text-slate-500">
              <p>{t.products.noMatch}</p>
              {didYouMean && (
                <p className="mt-3">
                  {t.products.didYouMean}{' '}
                  <button type="button" onClick={() => setSearch(didYouMean)} className="min-h-11 font-semibold text-green-700 underline underline-offset-2 [overflow-wrap:anywhere]">
                    {didYouMean}
                  </button>
                </p>
              )}
            </div>
          }
        />
      </div>
    </section>
  );
}
