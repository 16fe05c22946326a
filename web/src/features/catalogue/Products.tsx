import { useApp } from '../../app/context';
import { ProductList } from './ProductCard';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import { useProductSearch } from '../products';
import { useDebounced } from '../../lib/useDebounced';

/** searchPause is how long the typing must pause before the search is asked. */
const searchPause = 250;

/**
 * Products lists the products in stock a page at a time, filtered by the navigation bar's search
 * once the typing pauses; until then the list before stays.
 */
export default function Products() {
  const { search, setSearch } = useApp();
  const q = useDebounced(search.trim(), searchPause);
  const { products, didYouMean, loading, more, loadingMore, loadMore } = useProductSearch({ q });
  useTitle(q ? t.titles.search(q) : t.titles.products);
  return (
    <section className="mt-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t.products.all}</h1>
      <div className="mt-1 h-1 w-16 rounded-full bg-green-700" />
      {q && <p className="mt-4 text-slate-600">{t.products.results(q)}</p>}
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
