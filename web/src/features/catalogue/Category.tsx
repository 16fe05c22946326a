import { useParams } from '../../app/router';
import { ProductList } from './ProductCard';
import { findCategory } from '../../lib/catalogue';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import NotFound from '../../components/NotFound';
import { useProductSearch } from './api';

/** Category lists the in-stock products of one category a page at a time; the path is matched case-insensitively. */
export default function Category() {
  const { category } = useParams();
  const info = findCategory(category);
  useTitle(info?.text ?? t.titles.notFound);
  if (!info) return <NotFound />;
  return <CategoryPage key={info.path} path={info.path} heading={info.text} />;
}

function CategoryPage({ path, heading }: { path: NonNullable<ReturnType<typeof findCategory>>['path']; heading: string }) {
  const { products, loading, more, loadingMore, loadMore } = useProductSearch({ category: path });
  return (
    <section className="mt-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{heading}</h1>
      <div className="mt-1 h-1 w-16 rounded-full bg-green-700" />
      <div className="mt-6">
        <ProductList
          products={products}
          loading={loading}
          more={{ more, loadingMore, loadMore }}
          empty={<p className="flex h-[50vh] items-center justify-center text-center text-xl font-medium text-green-800">{t.products.empty}</p>}
        />
      </div>
    </section>
  );
}
