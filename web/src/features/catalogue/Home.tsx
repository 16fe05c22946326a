import { Link, useNavigate } from '../../lib/router';
import ProductCard, { CardsAhead, ProductGrid, useCardsAhead } from './ProductCard';
import { BEST_SELLERS } from '../../lib/contract';
import { CardSkeleton } from '../../components/Spinner';
import { ArrowIcon, ClockIcon, LeafIcon, ShieldIcon, TagIcon } from '../../components/icons';
import { categories } from '../../lib/catalogue';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import { paths } from '../../lib/paths';
import { useProductSearch } from '../products';
import { useSubscribe } from './api';

import DeliveryNote from './DeliveryNote';

import SpeedPromise from '../../components/SpeedPromise';
import { ahead, useStoreSettings } from '../../lib/store';

/** STAND_OUT is how many of the store's claims "What Makes Us Stand Out?" shows. */
const STAND_OUT = 4;
const standOutIcons = [ClockIcon, LeafIcon, TagIcon, ShieldIcon];

/** Home is the shop's front page: hero, categories, best sellers and the newsletter. */
export default function Home() {
  useTitle(t.titles.home);
  const { products: best, loading: productsLoading } = useProductSearch({ limit: BEST_SELLERS });
  const bestAhead = useCardsAhead(productsLoading);
  const navigate = useNavigate();
  const claims = useStoreSettings().store.claims.slice(0, STAND_OUT);
  const subscribe = useSubscribe();

  return (
    <div className="mt-6 space-y-16">
      <section className="overflow-hidden rounded-3xl bg-gradient-to-br from-green-700 to-green-900 text-white">
        <div className="grid items-center gap-6 p-8 md:grid-cols-2 md:p-14">
          <div>
            <p className="w-fit rounded-full bg-amber-400 px-3 py-1 text-sm font-semibold text-slate-900">{t.home.badge}</p>
            <h1 className="mt-4 text-3xl font-bold leading-tight md:text-5xl">{t.home.heroTitle}</h1>
            <p className="mt-4 max-w-md text-green-100">{t.home.heroText}</p>
            <SpeedPromise className="mt-2 max-w-md font-semibold text-amber-200" />
            <DeliveryNote className="mt-2 max-w-md font-medium text-white" />
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={paths.products} className="inline-flex min-h-12 items-center gap-2 rounded-full bg-white px-7 font-semibold text-green-800 hover:bg-green-50">
                {t.home.shopNow} <ArrowIcon width={18} height={18} />
              </Link>
              <Link to={paths.deals} className="inline-flex min-h-12 items-center gap-2 rounded-full border border-white/60 px-7 font-semibold text-white hover:bg-white/10">
                {t.home.exploreDeals} <ArrowIcon width={18} height={18} />
              </Link>
            </div>
          </div>
          <div className="hidden grid-cols-2 gap-4 md:grid" aria-hidden="true">
            {['mustang-apple', 'butter', 'croissant', 'strawberry'].map((slug) => (
              <div key={slug} className="flex aspect-square items-center justify-center rounded-2xl bg-white/10 p-6">
                <img src={`/media/catalogue/${slug}.webp`} alt="" width={256} height={256} className="h-full w-full object-contain" />
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="categories">
        <h2 id="categories" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {t.home.categories}
        </h2>
        <div className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {categories.map((c) => (
            <button
              type="button"
              key={c.path}
              onClick={() => {
                void navigate(paths.category(c.path));
                window.scrollTo(0, 0);
              }}
              className={`flex min-h-11 flex-col items-center gap-2 rounded-2xl p-4 text-center transition last:col-span-2 hover:-translate-y-0.5 hover:shadow lg:last:col-span-1 ${c.tint}`}
            >
              <img src={c.image} alt="" width={256} height={256} className="h-20 w-20 object-contain" />
              <span className="text-sm font-medium text-slate-800">{c.text}</span>
            </button>
          ))}
        </div>
      </section>

      <section aria-labelledby="best">
        <h2 id="best" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {t.home.bestSellers}
        </h2>
        <div className="mt-6">
          {bestAhead ? (
            <CardsAhead html={bestAhead} />
          ) : (
            <ProductGrid>
              {productsLoading
                ? Array.from({ length: 8 }, (_, i) => <CardSkeleton key={i} />)
                : best.map((p) => <ProductCard key={p._id} product={p} />)}
            </ProductGrid>
          )}
        </div>
      </section>

      <section aria-labelledby="standout" className="rounded-3xl bg-amber-50 p-8 md:p-12">
        <h2 id="standout" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {t.home.standOut}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {claims.map(({ title, text }, i) => {
            const Icon = standOutIcons[i % standOutIcons.length]!;
            return (
            <li {...ahead(`has:store.claims.${i}`, true)} key={i} className="flex gap-3">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white text-green-700">
                <Icon />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="text-sm text-slate-600">{text}</p>
              </div>
            </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="newsletter" className="text-center">
        <h2 id="newsletter" className="text-2xl font-bold text-slate-900 md:text-4xl">
          {t.home.newsletterTitle}
        </h2>
        <p className="mt-2 text-slate-600">{t.home.newsletterText}</p>
        <form
          className="mx-auto mt-6 flex max-w-xl overflow-hidden rounded-full border border-stone-300 bg-white"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const email = (form.elements.namedItem('email') as HTMLInputElement).value;
            subscribe.mutate(email, { onSuccess: () => form.reset() });
          }}
        >
          <label className="sr-only" htmlFor="newsletter-email">
            {t.home.newsletterLabel}
          </label>
          <input id="newsletter-email" name="email" type="email" required placeholder={t.home.newsletterPlaceholder} className="min-h-12 w-full px-5 outline-none" />
          <button type="submit" disabled={subscribe.isPending} className="bg-green-700 px-6 font-semibold text-white hover:bg-green-800 md:px-10">
            {t.home.subscribe}
          </button>
        </form>
      </section>
    </div>
  );
}
