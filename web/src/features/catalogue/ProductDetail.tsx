import { useState } from 'react';
import { Link, useNavigate, useParams } from '../../lib/router';
import ProductCard, { CardsAhead, ProductGrid, useCardsAhead } from './ProductCard';
import { RELATED_PRODUCTS } from '../../lib/contract';
import { DetailSkeleton } from '../../components/Spinner';
import { NotifyMe } from '../alerts';
import { photo, photoSizes } from '../../lib/catalogue';
import DetailLayout, { type DetailView } from './DetailLayout';
import { quantityLimit } from '../../lib/cart';
import { fewLeftText } from '../../components/FewLeft';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import NotFound from '../../components/NotFound';
import { paths } from '../../lib/paths';
import { useProductSearch, useProductsById } from '../products';
import { useStoreConfig } from '../../lib/config';
import { useCart, useCartStore } from '../cart';
import { byWeight, priceText } from '../../lib/weight';
import { saleOn } from '../../lib/sale';


/** ProductDetail shows one product with its gallery, prices, description and related products. */
export default function ProductDetail() {
  const { id } = useParams();
  const found = useProductsById(id ? [id] : []);
  const product = found.products.find((p) => p._id === id);
  const productsLoading = found.loading || (!!id && !product && !found.answered(id));
  // The other products of its category in stock: one more than shown, as the product may be one of them.
  const category = useProductSearch({ category: product?.category ?? '', limit: RELATED_PRODUCTS + 1 }, !!product);
  // Other products: neither this one nor another size of it.
  const related = category.products.filter((p) => p._id !== id && !(product?.family && p.family === product.family)).slice(0, RELATED_PRODUCTS);
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

  // While the product loads, the page the server drew shows (lib/ahead.ts).
  const ahead = useCardsAhead(productsLoading);
  if (ahead) return <CardsAhead html={ahead} className="mt-8" />;
  if (productsLoading) return <DetailSkeleton />;
  if (!product) return <NotFound />;
  const image = product.image[selected] ?? product.image[0];
  const limit = quantityLimit(product);
  const weighed = byWeight(product);
  const chosenSteps = Math.min(limit, (steps.id === id && steps.steps) || inCart[product._id] || 1);
  const addToCart = () => (weighed ? cart.setQuantity(product._id, chosenSteps) : cart.addOne(product._id, limit));

  const view: DetailView = {
    name: product.name,
    category: t.categoryName[product.category],
    categoryHref: paths.category(product.category),
    photo: photo(image, photoSizes.detail),
    thumbnails: product.image.map((src, i) => ({ photo: photo(src, photoSizes.gallery), label: t.product.showImage(i + 1), pressed: i === selected })),
    mrp: priceText(product, money(product.price)),
    price: priceText(product, money(product.offerPrice)),
    weight: weighed ? undefined : product.weight || undefined,
    few: fewLeftText(product),
    lines: product.description,
    inStock: product.inStock,
  };
  return (
    <div className="mt-8">
      <DetailLayout
        view={view}
        onThumbnail={(i) => setChosen({ id, index: i })}
        offer={
          <>
            {saleOn(product) && product.sale && (
              <p className="w-fit rounded-lg bg-red-50 px-2 py-1 text-sm font-semibold text-red-800">{t.product.saleUntil(product.sale.end, timeZone)}</p>
            )}
          </>
        }
        choices={
          <>
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
            {weighed && <p className="text-sm text-slate-600">{t.product.soldInSteps(t.product.grams(product.step))}</p>}
          </>
        }
        weight={
          weighed && (
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
          )
        }
        onAdd={addToCart}
        onBuy={() => {
          addToCart();
          void navigate(paths.cart);
        }}
        notify={<NotifyMe product={product} />}
      />

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
