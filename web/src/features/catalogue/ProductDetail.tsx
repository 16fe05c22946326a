import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../app/router';
import ProductCard, { ProductGrid } from './ProductCard';
import { DetailSkeleton } from '../../components/Spinner';
import Stars from './Stars';
import FewLeft from '../../components/FewLeft';
import { NotifyMe } from '../alerts';
import { photo, photoSizes } from '../../lib/catalogue';
import { quantityLimit } from '../../lib/cart';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import NotFound from '../../components/NotFound';
import { paths } from '../../app/paths';
import { useProductSearch, useProductsById } from '../products';
import { useStoreConfig } from '../../lib/config';
import { useCart, useCartStore } from '../cart';
import { byWeight, priceText } from '../../lib/weight';
import { saleOn } from '../../lib/sale';

/** RELATED is how many other products of its category a product page shows at most. */
const RELATED = 10;

/** ProductDetail shows one product with its gallery, prices, description and related products. */
export default function ProductDetail() {
  const { id } = useParams();
  const found = useProductsById(id ? [id] : []);
  const product = found.products.find((p) => p._id === id);
  const productsLoading = found.loading || (!!id && !product && !found.answered(id));
  // The other products of its category in stock: one more than shown, as the product may be one of them.
  const category = useProductSearch({ category: product?.category ?? '', limit: RELATED + 1 }, !!product);
  // Other products: neither this one nor another size of it.
  const related = category.products.filter((p) => p._id !== id && !(product?.family && p.family === product.family)).slice(0, RELATED);
  const { money, timeZone } = useStoreConfig();
  const cart = useCartStore();
  const { cart: inCart } = useCart();
  const navigate = useNavigate();
  // Goods sold by weight are bought by the weight chosen here (a number of steps), at first what the
  // cart holds or one step.
  const [steps, setSteps] = useState<{ id?: string; steps: number }>({ id, steps: 0 });
  // The picture chosen belongs to one product: another product opens on its first picture.
  const [chosen, setChosen] = useState({ id, index: 0 });
  const selected = chosen.id === id ? chosen.index : 0;
  useTitle(product?.name ?? (productsLoading ? t.titles.products : t.titles.notFound));

  if (productsLoading) return <DetailSkeleton />;
  if (!product) return <NotFound />;
  const image = product.image[selected] ?? product.image[0];
  const limit = quantityLimit(product);
  const weighed = byWeight(product);
  const chosenSteps = Math.min(limit, (steps.id === id && steps.steps) || inCart[product._id] || 1);
  const addToCart = () => (weighed ? cart.setQuantity(product._id, chosenSteps) : cart.addOne(product._id, limit));

  return (
    <div className="mt-8">
      <nav aria-label={t.product.breadcrumb} className="text-sm text-slate-500">
        <ol>
          <li className="inline">
            <Link to={paths.home} className="hover:text-green-700">{t.nav.home}</Link>
            {' / '}
          </li>
          <li className="inline">
            <Link to={paths.products} className="hover:text-green-700">{t.nav.products}</Link>
            {' / '}
          </li>
          <li className="inline">
            <Link to={paths.category(product.category)} className="hover:text-green-700">{t.categoryName[product.category]}</Link>
            {' / '}
          </li>
          <li aria-current="page" className="inline text-green-700 [overflow-wrap:anywhere]">{product.name}</li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {product.image.length > 0 && (
            <div className="flex gap-3 sm:flex-col" role="group" aria-label={t.product.images}>
              {product.image.map((src, i) => (
                <button
                  type="button"
                  key={src}
                  onClick={() => setChosen({ id, index: i })}
                  aria-label={t.product.showImage(i + 1)}
                  aria-pressed={i === selected}
                  className={`h-20 w-20 overflow-hidden rounded-xl border-2 bg-green-50 p-1 ${i === selected ? 'border-green-700' : 'border-stone-200'}`}
                >
                  <img {...photo(src, photoSizes.gallery)} alt="" width={80} height={80} className="h-full w-full object-contain" />
                </button>
              ))}
            </div>
          )}
          <div className="flex flex-1 items-center justify-center rounded-2xl bg-green-50 p-8">
            <img {...photo(image, photoSizes.detail)} alt={product.name} width={512} height={512} className="aspect-square w-full max-w-md object-contain" />
          </div>
        </div>

        <div>
          <h1 className="text-3xl font-bold text-slate-900 [overflow-wrap:anywhere]">{product.name}</h1>
          <div className="mt-2">
            <Stars size={18} />
          </div>
          <div className="mt-6 space-y-1">
            <p className="text-slate-500">
              {t.product.mrp} <span className="line-through">{priceText(product, money(product.price))}</span>
            </p>
            <p className="text-2xl font-bold text-slate-900">
              {t.product.price} {priceText(product, money(product.offerPrice))}
            </p>
            {saleOn(product) && product.sale && (
              <p className="w-fit rounded-lg bg-red-50 px-2 py-1 text-sm font-semibold text-red-800">{t.product.saleUntil(product.sale.end, timeZone)}</p>
            )}
            <p className="text-sm text-slate-500">{t.product.inclusive}</p>
            {(product.sizes?.length ?? 0) > 1 && (
              <div className="pt-3">
                <p className="text-sm font-medium text-slate-700">{t.product.chooseSize}</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {product.sizes!.map((s) => (
                    <li key={s._id}>
                      <Link
                        to={paths.product({ _id: s._id, category: product.category })}
                        aria-current={s._id === product._id ? 'page' : undefined}
                        className={`flex min-h-12 flex-col justify-center rounded-xl border px-3 py-1 text-sm ${
                          s._id === product._id ? 'border-green-700 bg-green-50 font-semibold text-green-900' : 'border-stone-300 text-slate-800 hover:border-green-600'
                        } ${s.inStock ? '' : 'opacity-60'}`}
                      >
                        <span>{s.size}</span>
                        <span className="text-xs">{s.inStock ? money(s.offerPrice) : t.product.outOfStock}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {weighed ? (
              <p className="text-sm text-slate-600">{t.product.soldInSteps(t.product.grams(product.step))}</p>
            ) : (
              product.weight && <p className="text-sm text-slate-600">{product.weight}</p>
            )}
            <FewLeft product={product} className="mt-2 text-sm" />
          </div>
          <h2 className="mt-6 font-semibold text-slate-900">{t.product.about}</h2>
          <ul className="ml-5 mt-2 list-disc space-y-1 text-slate-600">
            {product.description.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {product.inStock ? (
            <>
            {weighed && (
              <div className="mt-8 flex items-center gap-3 font-medium text-slate-800">
                <label htmlFor="weight-chosen">{t.product.weight}</label>
                <select
                  id="weight-chosen"
                  value={chosenSteps}
                  onChange={(e) => setSteps({ id, steps: Number(e.target.value) })}
                  className="min-h-12 rounded-xl border border-stone-300 bg-white px-3 text-slate-800"
                >
                  {Array.from({ length: Math.min(limit, 40) }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {t.product.grams(n * product.step)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className={`${weighed ? 'mt-4' : 'mt-8'} flex gap-3`}>
              <button type="button" onClick={addToCart} className="min-h-12 flex-1 rounded-xl bg-stone-100 font-semibold text-slate-800 hover:bg-stone-200">
                {t.product.addToCart}
              </button>
              <button
                type="button"
                onClick={() => {
                  addToCart();
                  void navigate(paths.cart);
                }}
                className="min-h-12 flex-1 rounded-xl bg-green-700 font-semibold text-white hover:bg-green-800"
              >
                {t.product.buyNow}
              </button>
            </div>
            </>
          ) : (
            <div className="mt-8">
              <p className="rounded-xl bg-stone-100 p-4 text-center font-medium text-slate-600">{t.product.outOfStock}</p>
              <NotifyMe product={product} />
            </div>
          )}
        </div>
      </div>

      {related.length > 0 && (
        <section className="mt-16" aria-labelledby="related">
          <h2 id="related" className="text-center text-2xl font-bold text-slate-900">
            {t.product.related}
          </h2>
          <div className="mx-auto mt-1 h-1 w-16 rounded-full bg-green-700" />
          <div className="mt-6">
            <ProductGrid>
              {related.map((p) => (
                <ProductCard key={p._id} product={p} />
              ))}
            </ProductGrid>
          </div>
        </section>
      )}
      <div className="mt-10 text-center">
        <Link to={paths.home} onClick={() => window.scrollTo(0, 0)} className="inline-flex min-h-12 items-center rounded-full border border-green-700 px-10 font-medium text-green-800 hover:bg-green-50">
          {t.product.returnHome}
        </Link>
      </div>
    </div>
  );
}
