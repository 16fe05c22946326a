import { useApp } from '../context';
import ProductCard, { ProductGrid } from '../components/ProductCard';
import { CardSkeleton } from '../components/Spinner';
import { searchProducts } from '../lib/catalogue';
import { t } from '../i18n/en';

/** Products lists every product in stock, filtered by the navigation bar's search. */
export default function Products() {
  const { products, productsLoading, search } = useApp();
  const shown = searchProducts(products, search);
  const q = search.trim();
  return (
    <section className="mt-8">
      <h1 className="text-2xl font-bold uppercase text-slate-900 md:text-3xl">{t.products.all}</h1>
      <div className="mt-1 h-1 w-16 rounded-full bg-green-700" />
      {q && <p className="mt-4 text-slate-600">{t.products.results(q)}</p>}
      <div className="mt-6">
        {productsLoading ? (
          <ProductGrid>
            {Array.from({ length: 8 }, (_, i) => (
              <CardSkeleton key={i} />
            ))}
          </ProductGrid>
        ) : shown.length === 0 ? (
          <p className="py-16 text-center text-slate-500">{t.products.noMatch}</p>
        ) : (
          <ProductGrid>
            {shown.map((p, i) => (
              <ProductCard key={p._id} product={p} eager={i < 4} />
            ))}
          </ProductGrid>
        )}
      </div>
    </section>
  );
}
