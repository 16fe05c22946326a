import { useEffect, useRef } from 'react';
import { Link } from '../../lib/router';
import { t } from '../../i18n';
import type { Product } from '../../lib/contract';
import { coverPhoto, photoSizes, type Photo } from '../../lib/catalogue';
import { toMinor } from '../../lib/money';
import { AddToCart } from '../cart';
import Stars from './Stars';
import { fewLeftText, LeftNote } from '../../components/FewLeft';
import { ahead, buildingAhead } from '../../lib/store';
import { useHydrated } from '../../lib/useHydrated';
import { cardsAhead, cardsMarker, forgetCardsAhead } from '../../lib/ahead';
import { CardSkeleton } from '../../components/Spinner';
import { paths } from '../../lib/paths';
import { useStoreConfig } from '../../lib/config';
import { priceText } from '../../lib/weight';
import { saleOn } from '../../lib/sale';

/**
 * CardView is what a product card shows, as text: worked out from a product (cardView), or, in the
 * card the build draws for the server to fill, markers (aheadCard). Optional parts are undefined
 * when the product has none.
 */
export interface CardView {
  href: string;
  name: string;
  category: string;
  price: string;
  was?: string;
  sale: boolean;
  save: string;
  sizes?: string;
  few?: string;
  photo: Photo;
  loading: 'eager' | 'lazy';
}

/**
 * ProductCard shows an in-stock product in a grid; the whole card opens the product page. Its name is
 * a heading one level below the heading the grid sits under: h2 under a page's h1, h3 under a section's h2.
 */
export default function ProductCard({ product, eager = false, heading = 'h3' }: { product: Product; eager?: boolean; heading?: 'h2' | 'h3' }) {
  const { money, moneyMinor } = useStoreConfig();
  if (!product.inStock) return null;
  const view: CardView = {
    href: paths.product(product),
    name: product.name,
    category: t.categoryName[product.category],
    price: priceText(product, money(product.offerPrice)),
    was: product.price > product.offerPrice ? priceText(product, money(product.price)) : undefined,
    sale: saleOn(product),
    save: t.product.save(moneyMinor(toMinor(product.price) - toMinor(product.offerPrice), { fixed: true })),
    sizes: (product.sizes?.length ?? 0) > 1 ? t.product.sizes(product.sizes!.length) : undefined,
    few: fewLeftText(product),
    photo: coverPhoto(product, photoSizes.card),
    loading: eager ? 'eager' : 'lazy',
  };
  return <Card view={view} heading={heading} action={<AddToCart product={product} className="w-full" />} />;
}

/** marker is how the card the build draws holds a text: its key between two private-use characters, which the server fills. */
const marker = (key: string) => `\ue000p.${key}\ue001`;

/**
 * aheadCard is the card the build draws for the server to fill with each product of a list it
 * writes into a page (api/ahead.go): every text a marker, every optional part drawn, marked with
 * data-ahead for the server to keep or drop.
 */
export function aheadCard(heading: 'h2' | 'h3') {
  const view: CardView = {
    href: marker('href'), name: marker('name'), category: marker('category'), price: marker('price'), was: marker('was'), sale: true,
    save: marker('save'), sizes: marker('sizes'), few: marker('few'),
    photo: { src: marker('src'), srcSet: marker('srcset'), sizes: photoSizes.card },
    loading: marker('loading') as CardView['loading'],
  };
  const product = { _id: '', name: view.name, inStock: true, stock: undefined } as unknown as Product;
  // Its Add does nothing until the page's code has taken the page over: it says so.
  return <Card view={view} heading={heading} action={<AddToCart product={product} className="w-full" disabled />} />;
}

/** Card lays a product's card out from its view, with action (the control that adds it to the cart) at the bottom. */
function Card({ view, heading: Heading, action }: { view: CardView; heading: 'h2' | 'h3'; action: React.ReactNode }) {
  return (
    <article className="group relative flex min-w-0 flex-col rounded-2xl border border-stone-200 bg-white p-3 transition hover:border-green-300 hover:shadow-md">
      <div className="flex aspect-square items-center justify-center rounded-xl bg-green-50/70 p-4">
        <img
          {...view.photo}
          alt={view.name}
          width={256}
          height={256}
          loading={view.loading}
          decoding="async"
          className="h-full w-full object-contain transition group-hover:scale-105"
        />
      </div>
      <p className="mt-3 text-xs uppercase tracking-wide text-slate-500">{view.category}</p>
      <Heading className="mt-0.5 line-clamp-2 min-h-10 text-sm font-semibold leading-5 text-slate-800 [overflow-wrap:anywhere] sm:text-base">
        <Link to={view.href} className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-green-600">
          {view.name}
        </Link>
      </Heading>
      <div className="mt-1">
        <Stars />
      </div>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-2">
        <span className="text-lg font-bold text-slate-900">{view.price}</span>
        {view.was !== undefined && (
          <span {...ahead('has:p.was', true)} className="text-sm text-slate-500 line-through">
            {view.was}
          </span>
        )}
        {view.sale && (
          <span {...ahead('has:p.sale', true)} className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
            {t.product.onSale}
          </span>
        )}
      </div>
      <p className="mt-1 w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">{view.save}</p>
      {view.sizes !== undefined && (
        <p {...ahead('has:p.sizes', true)} className="mt-1 text-xs font-medium text-slate-600">
          {view.sizes}
        </p>
      )}
      {view.few !== undefined && <LeftNote text={view.few} className="mt-1" {...ahead('has:p.few', true)} />}
      <div className="mt-3">{action}</div>
    </article>
  );
}

const gridClass = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

/** ProductGrid lays cards out in two to four columns. */
export function ProductGrid({ children }: { children: React.ReactNode }) {
  return <div className={gridClass}>{children}</div>;
}

/**
 * useCardsAhead is the HTML of the cards the server drew into the page where a list that is loading
 * goes (lib/ahead.ts), '' when there are none: the list shows them until its products are there.
 * The build draws the marker the server fills.
 */
export function useCardsAhead(loading: boolean): string {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!loading) forgetCardsAhead();
  }, [loading]);
  if (!loading) return '';
  if (buildingAhead()) return cardsMarker;
  // A place the server drew nothing into is taken over as it is, and then shows what loads.
  const html = cardsAhead();
  return hydrated && html === cardsMarker ? '' : html;
}

/**
 * CardsAhead is what the server drew where a list goes (a grid of cards), or a product's page: the
 * page's code takes it over as it stands (React leaves HTML it is given alone), and it gives way to
 * the page's own once the products are there.
 */
export function CardsAhead({ html, className = gridClass }: { html: string; className?: string }) {
  return <div data-ahead-cards="" className={className} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
}

/** More is the next page of a list: whether there is one, whether it is loading, and how to load it. */
export interface More {
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** EAGER_CARDS is how many cards of a page's list load their photos at once: those of the first screen. */
export const EAGER_CARDS = 4;

/**
 * ProductList shows skeletons while loading, the empty state when there is nothing, or the cards: a
 * page's list, under its h1. A Show more button below loads the next page, and does so by itself
 * when it scrolls into view.
 */
export function ProductList({ products, loading, empty, more }: { products: Product[]; loading: boolean; empty: React.ReactNode; more?: More }) {
  const ahead = useCardsAhead(loading);
  if (ahead) return <CardsAhead html={ahead} />;
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
          <ProductCard key={p._id} product={p} eager={i < EAGER_CARDS} heading="h2" />
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
