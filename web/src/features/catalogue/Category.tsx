import { useParams } from '../../lib/router';
import { ProductList } from './ProductCard';
import { findCategory } from '../../lib/catalogue';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import { useProductSearch } from '../products';

/**
 * Category lists the in-stock products of one category a page at a time; the path is matched
 * case-insensitively. A category there is none of shows the spec's empty state (the server answers
 * its path with 404).
 */
export default function Category() {
  const { category } = useParams();
  const info = findCategory(category);
  useTitle(info?.text ?? t.titles.notFound);
  if (!info) {
    return (
      <section className="mt-8">
        <Empty />
      </section>
    );
  }
  return <CategoryPage key={info.path} path={info.path} heading={info.text} />;
}

/** Empty is the spec's empty state of a category page: no product to show. */
function Empty() {
  return <p className="flex h-[50vh] items-center justify-center text-center text-xl font-medium text-green-800">{t.products.empty}</p>;
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
          empty={<Empty />}
        />
      </div>
    </section>
  );
}
