import { useCart, useCartStore } from './api';
import { t } from '../../i18n';
import { quantityLimit } from '../../lib/cart';
import { MAX_QUANTITY, type Product } from '../../lib/contract';
import { amountText, byWeight } from '../../lib/weight';

/**
 * AddToCart shows Add, and once the product is in the cart a minus / quantity / plus control. A
 * disabled one is the Add of a card the server draws, which does nothing until the page's code has
 * taken the page over, and so says.
 */
export default function AddToCart({ product, className = '', disabled = false }: { product: Product; className?: string; disabled?: boolean }) {
  const { cart } = useCart();
  const store = useCartStore();
  const quantity = cart[product._id] ?? 0;
  const limit = quantityLimit(product);
  if (quantity === 0) {
    return (
      <button
        type="button"
        onClick={() => store.addOne(product._id, limit)}
        disabled={disabled}
        className={`relative z-10 flex min-h-11 items-center justify-center gap-1 rounded-lg border border-green-700 bg-green-50 px-4 font-medium text-green-800 hover:bg-green-100 disabled:cursor-wait disabled:opacity-60 ${className}`}
        aria-label={t.product.addNamed(product.name)}
      >
        {t.product.add}
      </button>
    );
  }
  const atLimit = quantity >= limit;
  // Goods sold by weight go up and down a step at a time, and show the weight bought.
  const step = byWeight(product) ? t.product.grams(product.step) : '';
  // The limit is what is left when the store counts fewer units than a cart may hold.
  const hint = limit < MAX_QUANTITY ? t.product.onlyLeft(limit) : t.product.maxReached(MAX_QUANTITY);
  const hintId = `max-${product._id}`;
  const control = (
    <div
      className={`relative z-10 flex min-h-11 items-center justify-between rounded-lg bg-green-700 text-white ${atLimit ? 'w-full' : className}`}
      role="group"
      aria-label={step ? t.product.weightOf(product.name) : t.product.quantityOf(product.name)}
    >
      <button
        type="button"
        onClick={() => store.removeOne(product._id)}
        className="h-11 w-11 shrink-0 rounded-l-lg text-xl hover:bg-green-800"
        aria-label={step ? t.product.lessWeight(step, product.name) : t.product.decrease(product.name)}
      >
        −
      </button>
      <span className="min-w-6 whitespace-nowrap text-center font-semibold" aria-live="polite">
        {amountText(product, quantity)}
      </span>
      <button
        type="button"
        onClick={() => store.addOne(product._id, limit)}
        disabled={atLimit}
        aria-describedby={atLimit ? hintId : undefined}
        title={atLimit ? hint : undefined}
        className="h-11 w-11 shrink-0 rounded-r-lg text-xl hover:bg-green-800 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent"
        aria-label={step ? t.product.moreWeight(step, product.name) : t.product.increase(product.name)}
      >
        +
      </button>
    </div>
  );
  if (!atLimit) return control;
  // At the limit the store sells no more: + is off, and the shopper is told why.
  return (
    <div className={className}>
      {control}
      <p id={hintId} className="mt-1 text-center text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}
