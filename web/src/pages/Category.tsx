import { useParams } from 'react-router';
import { useApp } from '../context';
import ProductCard, { ProductGrid } from '../components/ProductCard';
import { CardSkeleton } from '../components/Spinner';
import { findCategory } from '../lib/catalogue';
import { t } from '../i18n/en';

/** Category lists the in-stock products of one category; the path is matched case-insensitively. */
export default function Category() {
  const { category } = useParams();
  const { products, productsLoading } = useApp();
  const info = findCategory(category);
  const shown = products.filter((p) => p.inStock && p.category.toLowerCase() === (category ?? '').toLowerCase());
  return (
    <section className="mt-8">
      {info && (
        <>
          <h1 className="text-2xl font-bold uppercase text-slate-900 md:text-3xl">{info.text}</h1>
          <div className="mt-1 h-1 w-16 rounded-full bg-green-700" />
        </>
      )}
      <div className="mt-6">
        {productsLoading ? (
          <ProductGrid>
            {Array.from({ length: 4 }, (_, i) => (
              <CardSkeleton key={i} />
            ))}
          </ProductGrid>
        ) : shown.length > 0 ? (
          <ProductGrid>
            {shown.map((p, i) => (
              <ProductCard key={p._id} product={p} eager={i < 4} />
            ))}
          </ProductGrid>
        ) : (
          <p className="flex h-[50vh] items-center justify-center text-center text-xl font-medium text-green-800">{t.products.empty}</p>
        )}
      </div>
    </section>
  );
}
