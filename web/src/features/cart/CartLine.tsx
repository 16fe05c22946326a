import { useNavigate } from '../../lib/router';
import { quantityLimit, type CartLine, type UnavailableLine } from '../../lib/cart';
import { MAX_QUANTITY } from '../../lib/contract';
import { coverPhoto, photoSizes } from '../../lib/catalogue';
import { useStoreConfig } from '../../lib/config';
import { toMinor } from '../../lib/money';
import { TrashIcon } from '../../components/icons';
import { t } from '../../i18n';
import { paths } from '../../lib/paths';
import { useCartStore } from './api';
import { OnlyLeft } from '../../components/FewLeft';
import { amountText, byWeight, priceText } from '../../lib/weight';
import { useStoreSettings } from '../../lib/store';
import { useProductSearch } from '../products';
import type { Product } from '../../lib/contract';
import { chooseSubstitute, useSubstitutes } from './substitutes';

/** SubstituteChoice asks what the shopper wants if the product is not there at packing: a similar item, to leave it out, or another product of its category; the last choice for it, else the store's default. */
function SubstituteChoice({ product }: { product: Product }) {
  const chosen = useSubstitutes()[product._id];
  const fallback = useStoreSettings().substitute || 'best';
  const others = useProductSearch({ category: product.category, limit: 12 }).products.filter((p) => p._id !== product._id);
  const value: string = chosen ?? fallback;
  return (
    <label className="mt-1 flex flex-wrap items-center gap-2 text-slate-500">
      {t.cart.ifNotThere}
      <select
        value={value}
        onChange={(e) => chooseSubstitute(product._id, e.target.value)}
        className="min-h-11 max-w-full rounded-lg border border-stone-300 bg-white px-2 text-slate-800"
        aria-label={t.cart.ifNotThereFor(product.name)}
      >
        <option value="best">{t.cart.similar}</option>
        <option value="none">{t.cart.leaveOut}</option>
        {others.length > 0 && (
          <optgroup label={t.cart.instead}>
            {others.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </optgroup>
        )}
        {value !== 'best' && value !== 'none' && !others.some((p) => p._id === value) && <option value={value}>{t.cart.namedBefore}</option>}
      </select>
    </label>
  );
}

const row = 'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 py-4 md:grid-cols-[minmax(0,2fr)_1fr_1fr]';

/** CartLineItem is a line of the cart that can be ordered: picture, name, weight, quantity, line total (the quote's amount, in major units; blank until quoted) and remove. */
export function CartLineItem({ line: { product, quantity }, amount }: { line: CartLine; amount: number | undefined }) {
  const store = useCartStore();
  const navigate = useNavigate();
  const { money, moneyMinor } = useStoreConfig();
  const limit = quantityLimit(product);
  const weighed = byWeight(product);
  // Goods sold by weight cost about the quote's amount: what is weighed at packing settles it.
  const total = amount === undefined ? '' : weighed ? t.cart.estimate(moneyMinor(toMinor(amount)), amountText(product, quantity)) : moneyMinor(toMinor(amount));
  return (
    <li className={row}>
      <div className="flex min-w-0 items-center gap-4">
        <button
          type="button"
          onClick={() => void navigate(paths.product(product))}
          className="flex h-20 w-20 shrink-0 items-center justify-center rounded-xl border border-stone-200 bg-green-50 p-2 md:h-24 md:w-24"
          aria-label={t.cart.open(product.name)}
        >
          <img {...coverPhoto(product, photoSizes.cartLine)} alt={product.name} width={96} height={96} className="h-full w-full object-contain" />
        </button>
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-slate-800 [overflow-wrap:anywhere]">{product.name}</p>
          <p className="text-slate-500 [overflow-wrap:anywhere]">
            {weighed ? (
              <>
                {t.cart.pricePerKg} <span>{priceText(product, money(product.offerPrice))}</span>
              </>
            ) : (
              <>
                {t.cart.weight} <span>{product.weight || t.cart.noWeight}</span>
              </>
            )}
          </p>
          <label className="mt-1 flex items-center gap-2 text-slate-500">
            {weighed ? t.product.weight : t.cart.qty}
            <select
              value={quantity}
              onChange={(e) => store.setQuantity(product._id, Number(e.target.value))}
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-slate-800"
              aria-label={weighed ? t.product.weightOf(product.name) : t.product.quantityOf(product.name)}
            >
              {Array.from({ length: Math.min(Math.max(quantity, weighed ? 40 : 10), limit) }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {amountText(product, n)}
                </option>
              ))}
            </select>
          </label>
          {limit < MAX_QUANTITY && quantity >= limit && <OnlyLeft left={limit} className="mt-1" />}
          <SubstituteChoice product={product} />
          <p className="mt-1 font-medium text-slate-700 md:hidden">{total}</p>
        </div>
      </div>
      <p className="hidden text-center font-medium text-slate-700 md:block">{total}</p>
      <div className="text-center">
        <button
          type="button"
          onClick={() => store.removeProduct(product._id)}
          className="inline-flex h-11 w-11 items-center justify-center rounded-full text-red-600 hover:bg-red-50"
          aria-label={t.cart.remove(product.name)}
        >
          <TrashIcon width={20} height={20} />
        </button>
      </div>
    </li>
  );
}

/** UnavailableLineItem is a product in the cart that cannot be ordered now, shown apart with its Remove button. */
export function UnavailableLineItem({ line: { id, product, quantity } }: { line: UnavailableLine }) {
  const store = useCartStore();
  return (
    <li className={row} data-testid="unavailable-line">
      <div className="flex min-w-0 items-center gap-4 opacity-70">
        <div className="flex h-20 w-20 shrink-0 items-center justify-center rounded-xl border border-stone-200 bg-stone-100 p-2 grayscale md:h-24 md:w-24">
          {product && <img {...coverPhoto(product, photoSizes.cartLine)} alt={product.name} width={96} height={96} className="h-full w-full object-contain" />}
        </div>
        <div className="min-w-0 text-sm">
          <p className="font-semibold text-slate-800 [overflow-wrap:anywhere]">{product?.name ?? t.cart.noLongerSold}</p>
          <p className="text-slate-500">
            {product && byWeight(product) ? t.product.weight : t.cart.qty} {product ? amountText(product, quantity) : quantity}
          </p>
          <p className="mt-1 w-fit rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">{t.cart.outOfStock}</p>
        </div>
      </div>
      <p className="hidden text-center text-sm text-slate-500 md:block">{t.cart.notCounted}</p>
      <div className="text-center">
        <button
          type="button"
          onClick={() => store.removeProduct(id)}
          className="inline-flex min-h-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-medium text-red-700 hover:bg-red-50"
          aria-label={t.cart.remove(product?.name ?? t.cart.noLongerSold)}
        >
          <TrashIcon width={18} height={18} /> {t.cart.removeButton}
        </button>
      </div>
    </li>
  );
}
