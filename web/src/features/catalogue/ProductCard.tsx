import { useEffect, useRef } from 'react';
import { Link } from '../../app/router';
import { t } from '../../i18n';
import type { Product } from '../../lib/contract';
import { coverPhoto, photoSizes } from '../../lib/catalogue';
import { toMinor } from '../../lib/money';
import { AddToCart } from '../cart';
import Stars from './Stars';
import FewLeft from '../../components/FewLeft';
import { CardSkeleton } from '../../components/Spinner';
import { paths } from '../../app/paths';
import { useStoreConfig } from '../../lib/config';
import { priceText } from '../../lib/weight';
import { saleOn } from '../../lib/sale';

/**
 * ProductCard shows an in-stock product in a grid; the whole card opens the product page. Its name is
 * a heading one level below the heading the grid sits under: h2 under a page's h1, h3 under a section's h2.
 */
export default function ProductCard({ product, eager = false, heading: Heading = 'h3' }: { product: Product; eager?: boolean; heading?: 'h2' | 'h3' }) {
  const { money, moneyMinor } = useStoreConfig();
  if (!product.inStock) return null;
  return (
    <article className="group relative flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-3 transition hover:border-green-300 hover:shadow-md">
      <div className="flex aspect-square items-center justify-center rounded-xl bg-green-50/70 p-4">
        <img
          {...coverPhoto(product, photoSizes.card)}
          alt={product.name}
          width={256}
          height={256}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-contain transition group-hover:scale-105"
        />
      </div>
      <p className="mt-3 text-xs uppercase tracking-wide text-slate-500">{t.categoryName[product.category]}</p>
      <Heading className="mt-0.5 line-clamp-2 min-h-10 text-sm font-semibold leading-5 text-slate-800 [overflow-wrap:anywhere] sm:text-base">
        <Link to={paths.product(product)} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-green-600">
          {product.name}
        </Link>
      </Heading>
      <div className="mt-1">
        <Stars />
      </div>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-2">
        <span className="text-lg font-bold text-slate-900">
          {priceText(product, money(product.offerPrice))}
        </span>
        {product.price > product.offerPrice && (
          <span className="text-sm text-slate-500 line-through">
            {priceText(product, money(product.price))}
          </span>
        )}
        {saleOn(product) && <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{t.product.onSale}</span>}
      </div>
      <p className="mt-1 w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
        {t.product.save(moneyMinor(toMinor(product.price) - toMinor(product.offerPrice), { fixed: true }))}
      </p>
      {(product.sizes?.length ?? 0) > 1 && <p className="mt-1 text-xs font-medium text-slate-600">{t.product.sizes(product.sizes!.length)}</p>}
      <FewLeft product={product} className="mt-1" />
      <div className="mt-3">
        <AddToCart product={product} className="w-full" />
      </div>
    </article>
  );
}

/** ProductGrid lays cards out in two to four columns. */
export function ProductGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">{children}</div>;
}

/** More is the next page of a list: whether there is one, whether it is loading, and how to load it. */
export interface More {
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * ProductList shows skeletons while loading, the empty state when there is nothing, or the cards: a
 * page's list, under its h1. A Show more button below loads the next page, and does so by itself
 * when it scrolls into view.
 */
export function ProductList({ products, loading, empty, more }: { products: Product[]; loading: boolean; empty: React.ReactNode; more?: More }) {
  if (loading) {
    return (
      <ProductGrid>
        {Array.from({ length: 8 }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </ProductGrid>
    );
  }
  if (products.length === 0) return <>{empty}</>;
  return (
    <>
      <ProductGrid>
        {products.map((p, i) => (
          <ProductCard key={p._id} product={p} eager={i < 4} heading="h2" />
        ))}
        {more?.loadingMore && Array.from({ length: 4 }, (_, i) => <CardSkeleton key={`more-${i}`} />)}
      </ProductGrid>
      {more?.more && <ShowMore {...more} />}
    </>
  );
}

/** ShowMore loads the next page when clicked, or when the shopper scrolls down to it. */
function ShowMore({ loadingMore, loadMore }: More) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '400px' });
    seen.observe(button);
    return () => seen.disconnect();
  }, [loadMore]);
  return (
    <div className="mt-8 text-center">
      <button
        ref={ref}
        type="button"
        onClick={loadMore}
        disabled={loadingMore}
        className="inline-flex min-h-12 items-center rounded-full border border-green-700 px-10 font-medium text-green-800 hover:bg-green-50 disabled:opacity-60"
      >
        {t.products.showMore}
      </button>
    </div>
  );
}
