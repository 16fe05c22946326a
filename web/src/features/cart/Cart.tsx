import { useEffect, useReducer, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useApp } from '../../app/context';
import { cartCount, cartLines, cartTotals, quantityLimit, unavailableLines } from '../../lib/cart';
import { MAX_QUANTITY, PAYMENT_TYPES, type PaymentType } from '../../lib/contract';
import { isPaymentType, loadCheckoutChoice, saveCheckoutChoice, type CheckoutChoice } from '../../lib/checkout';
import { useTitle } from '../../lib/useTitle';
import { cover } from '../../lib/catalogue';
import { formatMinorUnits, toMinor } from '../../lib/money';
import { BackIcon, TrashIcon } from '../../components/icons';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import { paths } from '../../app/paths';
import { useUser } from '../account/api';
import { catalogueKeys, useProducts } from '../catalogue/api';
import { useAddresses, usePlaceOrder } from '../checkout/api';
import { orderKeys } from '../orders/api';
import { useStoreConfig } from '../../lib/config';
import { useCart, useCartStore } from './api';

/** CartPage lists the cart and checks out: address, payment and the total the order will have. */
export default function CartPage() {
  const { setShowLogin } = useApp();
  const { user } = useUser();
  const { products, loading: productsLoading } = useProducts();
  const { currency, paymentMethods } = useStoreConfig();
  const { cart } = useCart();
  const store = useCartStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useTitle(t.titles.cart);
  const lines = cartLines(cart, products);
  // Products that cannot be ordered now stay in the cart, shown apart and left out of the totals.
  const unavailable = productsLoading ? [] : unavailableLines(cart, products);
  const totals = cartTotals(lines);
  // A line holding more than is left comes down to what is left, and the shopper is told.
  useEffect(() => {
    for (const l of lines) if (l.asked !== undefined) store.lower(l.product._id, l.product.name, l.quantity);
  }, [lines, store]);
  const count = cartCount(cart);

  // The address and payment picked here are kept in this browser: a reload or a trip to add an
  // address keeps them.
  const userKey = user?._id ?? null;
  const [, chosen] = useReducer((n: number) => n + 1, 0);
  const choice = loadCheckoutChoice(userKey);
  const choose = (change: CheckoutChoice) => {
    saveCheckoutChoice(userKey, change);
    chosen();
  };
  const payment: PaymentType = choice.payment ?? 'COD';
  const method = paymentMethods.find((m) => m.id === choice.methodId) ?? paymentMethods[0];
  const [showAddresses, setShowAddresses] = useState(false);
  const order = usePlaceOrder();
  // Online, the button stays disabled while the provider's page loads.
  const placing = order.isPending || (order.isSuccess && !!order.data.url && payment === 'Online');

  const addressesQuery = useAddresses(user?._id);
  const addresses = addressesQuery.data ?? [];
  const selected = addresses.find((a) => a._id === choice.addressId) ?? addresses[0] ?? null;

  function placeOrder() {
    if (unavailable.length > 0) {
      toast.error(t.cart.removeUnavailable, { id: 'order-error' });
      return;
    }
    if (!selected) {
      toast.error(t.toast.selectAddress, { id: 'order-error' });
      // A guest has no saved addresses: signing in is the way to one.
      if (!user) setShowLogin(true);
      return;
    }
    if (!isPaymentType(payment)) {
      toast.error(t.toast.invalidPayment, { id: 'order-error' });
      return;
    }
    const items = lines.map((l) => ({ product: l.product._id, quantity: l.quantity }));
    order.mutate(
      { payment, items, address: selected._id, method: method?.id },
      {
        onError: (err) => {
          toast.error(err.message, { id: 'order-error' });
          // Stock or prices may have changed meanwhile: the cart shows them as they are now.
          void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
        },
        onSuccess: (r) => {
          if (payment === 'Online' && r.url) {
            window.location.assign(r.url);
            return;
          }
          toast.success(r.message || t.toast.orderPlaced);
          store.emptied();
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
          void navigate(paths.myOrders);
        },
      },
    );
  }

  const lineTotal = (offerPrice: number, quantity: number) => `${currency}${formatMinorUnits(toMinor(offerPrice) * quantity)}`;
  const buttonText = payment === 'COD' ? t.cart.placeOrder : t.cart.checkout;
  const disabled = (lines.length === 0 && unavailable.length === 0) || placing;
  const orderButton = (className: string) => (
    <button type="button" onClick={placeOrder} disabled={disabled} className={`min-h-12 rounded-xl bg-green-700 font-semibold text-white hover:bg-green-800 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-500 ${className}`}>
      {buttonText}
    </button>
  );

  return (
    <div className="mt-8 flex flex-col gap-10 pb-24 md:flex-row md:pb-0">
      <section className="flex-1" aria-labelledby="cart-title">
        <h1 id="cart-title" className="text-2xl font-bold text-slate-900 md:text-3xl">
          {t.cart.title} <span className="text-base font-medium text-green-700">{t.cart.items(count)}</span>
        </h1>

        {productsLoading && Object.keys(cart).length > 0 ? (
          <div className="mt-6 space-y-3" role="status" aria-label={t.loader}>
            {Object.keys(cart).map((id) => (
              <RowSkeleton key={id} />
            ))}
          </div>
        ) : lines.length === 0 && unavailable.length === 0 ? (
          <p className="py-16 text-center text-lg text-slate-500">{t.cart.noItems}</p>
        ) : (
          <>
            <div className="mt-6 hidden grid-cols-[2fr_1fr_1fr] pb-3 font-medium text-slate-500 md:grid">
              <p>{t.cart.productDetails}</p>
              <p className="text-center">{t.cart.subtotal}</p>
              <p className="text-center">{t.cart.action}</p>
            </div>
            <ul className="divide-y divide-stone-200 border-y border-stone-200">
              {lines.map(({ product, quantity }) => (
                <li key={product._id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 py-4 md:grid-cols-[minmax(0,2fr)_1fr_1fr]">
                  <div className="flex min-w-0 items-center gap-4">
                    <button
                      type="button"
                      onClick={() => void navigate(paths.product(product))}
                      className="flex h-20 w-20 shrink-0 items-center justify-center rounded-xl border border-stone-200 bg-green-50 p-2 md:h-24 md:w-24"
                      aria-label={t.cart.open(product.name)}
                    >
                      <img src={cover(product)} alt={product.name} width={96} height={96} className="h-full w-full object-contain" />
                    </button>
                    <div className="min-w-0 text-sm">
                      <p className="font-semibold text-slate-800 [overflow-wrap:anywhere]">{product.name}</p>
                      <p className="text-slate-500 [overflow-wrap:anywhere]">
                        {t.cart.weight} <span>{product.weight || t.cart.noWeight}</span>
                      </p>
                      <label className="mt-1 flex items-center gap-2 text-slate-500">
                        {t.cart.qty}
                        <select
                          value={quantity}
                          onChange={(e) => store.setQuantity(product._id, Number(e.target.value))}
                          className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-slate-800"
                          aria-label={t.product.quantityOf(product.name)}
                        >
                          {Array.from({ length: Math.min(Math.max(quantity, 10), quantityLimit(product)) }, (_, i) => i + 1).map((n) => (
                            <option key={n} value={n}>
                              {n}
                            </option>
                          ))}
                        </select>
                      </label>
                      {quantityLimit(product) < MAX_QUANTITY && quantity >= quantityLimit(product) && (
                        <p className="mt-1 w-fit rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">{t.product.onlyLeft(quantityLimit(product))}</p>
                      )}
                      <p className="mt-1 font-medium text-slate-700 md:hidden">{lineTotal(product.offerPrice, quantity)}</p>
                    </div>
                  </div>
                  <p className="hidden text-center font-medium text-slate-700 md:block">{lineTotal(product.offerPrice, quantity)}</p>
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
              ))}
              {unavailable.map(({ id, product, quantity }) => (
                <li key={id} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-3 py-4 md:grid-cols-[minmax(0,2fr)_1fr_1fr]" data-testid="unavailable-line">
                  <div className="flex min-w-0 items-center gap-4 opacity-70">
                    <div className="flex h-20 w-20 shrink-0 items-center justify-center rounded-xl border border-stone-200 bg-stone-100 p-2 grayscale md:h-24 md:w-24">
                      {product && <img src={cover(product)} alt={product.name} width={96} height={96} className="h-full w-full object-contain" />}
                    </div>
                    <div className="min-w-0 text-sm">
                      <p className="font-semibold text-slate-800 [overflow-wrap:anywhere]">{product?.name ?? t.cart.noLongerSold}</p>
                      <p className="text-slate-500">
                        {t.cart.qty} {quantity}
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
              ))}
            </ul>
            {unavailable.length > 0 && (
              <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800" role="status">
                {t.cart.removeUnavailable}
              </p>
            )}
          </>
        )}
        <Link to={paths.products} className="mt-6 inline-flex min-h-11 items-center gap-2 font-medium text-green-700 hover:underline">
          <BackIcon width={18} height={18} /> {t.cart.continueShopping}
        </Link>
      </section>

      <aside className="h-fit w-full rounded-2xl border border-stone-200 bg-white p-5 md:max-w-sm" aria-labelledby="summary-title">
        <h2 id="summary-title" className="text-xl font-semibold text-slate-900">
          {t.cart.summary}
        </h2>
        <hr className="my-4 border-stone-200" />

        <div className="text-sm">
          <p className="font-medium text-slate-700">{t.cart.deliveryAddress}</p>
          <div className="relative mt-2 flex items-start justify-between gap-2">
            <p className="min-w-0 text-slate-500 [overflow-wrap:anywhere]" data-testid="selected-address">
              {selected ? `${selected.street}, ${selected.city}, ${selected.state}, ${selected.country}` : t.cart.noAddress}
            </p>
            <button type="button" onClick={() => setShowAddresses((v) => !v)} className="-my-2 min-h-11 shrink-0 rounded-lg px-2 text-green-700 hover:underline" aria-expanded={showAddresses}>
              {t.cart.change}
            </button>
            {showAddresses && (
              <ul className="absolute top-10 z-10 w-full rounded-lg border border-stone-200 bg-white py-1 text-sm shadow-lg">
                {addresses.map((a) => (
                  <li key={a._id}>
                    <button
                      type="button"
                      onClick={() => {
                        choose({ addressId: a._id });
                        setShowAddresses(false);
                      }}
                      className="min-h-11 w-full px-3 py-2.5 text-left text-slate-600 [overflow-wrap:anywhere] hover:bg-stone-100"
                    >
                      {a.street}, {a.city}, {a.state}, {a.country}
                    </button>
                  </li>
                ))}
                <li>
                  <button type="button" onClick={() => void navigate(paths.addAddress)} className="min-h-11 w-full px-3 py-2.5 text-left text-green-700 hover:bg-green-50">
                    {t.cart.addAddress}
                  </button>
                </li>
              </ul>
            )}
          </div>

          <label className="mt-6 block font-medium text-slate-700" htmlFor="payment">
            {t.cart.paymentMethod}
          </label>
          <select
            id="payment"
            value={payment}
            onChange={(e) => choose({ payment: e.target.value as PaymentType })}
            className="mt-2 min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-slate-800"
          >
            {PAYMENT_TYPES.map((p) => (
              <option key={p} value={p}>
                {t.cart.paymentTypes[p]}
              </option>
            ))}
          </select>
          {payment === 'Online' && paymentMethods.length > 0 && (
            <fieldset className="mt-3">
              <legend className="text-sm text-slate-600">{t.cart.payWith}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {paymentMethods.map((m) => (
                  <label
                    key={m.id}
                    className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm ${
                      method?.id === m.id ? 'border-green-700 bg-green-50 text-green-900' : 'border-stone-300 bg-white text-slate-700'
                    }`}
                  >
                    <input type="radio" name="payment-method" value={m.id} checked={method?.id === m.id} onChange={() => choose({ methodId: m.id })} className="accent-green-700" />
                    {m.label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>

        <hr className="my-4 border-stone-200" />
        <dl className="space-y-2 text-slate-600">
          <div className="flex justify-between">
            <dt>{t.cart.price}</dt>
            <dd>{currency}{formatMinorUnits(totals.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t.cart.shipping}</dt>
            <dd className="text-green-700">{t.cart.free}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t.cart.tax}</dt>
            <dd>{currency}{formatMinorUnits(totals.tax)}</dd>
          </div>
          <div className="flex justify-between pt-2 text-lg font-semibold text-slate-900">
            <dt>{t.cart.total}</dt>
            <dd data-testid="cart-total">{currency}{formatMinorUnits(totals.total)}</dd>
          </div>
        </dl>
        {orderButton('mt-6 hidden w-full md:block')}
      </aside>

      <div className="fixed inset-x-0 bottom-0 z-20 flex items-center gap-4 border-t border-stone-200 bg-white px-4 py-3 md:hidden">
        <p className="text-sm text-slate-600">
          {t.cart.total}
          <span className="block text-lg font-semibold text-slate-900">
            {currency}
            {formatMinorUnits(totals.total)}
          </span>
        </p>
        {orderButton('flex-1')}
      </div>
    </div>
  );
}
