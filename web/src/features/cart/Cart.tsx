import { useEffect, useMemo, useReducer } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useQueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { useApp } from '../../lib/appState';
import { cartCount, cartLines, unavailableLines } from '../../lib/cart';
import type { PaymentType } from '../../lib/contract';
import { useTitle } from '../../lib/useTitle';
import { BackIcon } from '../../components/icons';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import { paths } from '../../lib/paths';
import { accountKeys, useStoreCredit, useUser } from '../account';
import { catalogueKeys, useProductsById } from '../products';
import { AddressPicker, checkoutKeys, CouponField, CreditChoice, DeliveryNotices, FirstNotice, isPaymentType, loadCheckoutChoice, OrderTotals, PaymentPicker, saveCheckoutChoice, SlotPicker, useAddresses, usePlaceOrder, useSlots, type AddressBook, type CheckoutChoice } from '../checkout';
import { useDeliveryRules, useStoreConfig } from '../../lib/config';
import { quoteKeys, useCart, useCartQuote, useCartStore } from './api';
import { toMinor } from '../../lib/money';
import { CartLineItem, UnavailableLineItem } from './CartLine';
import { useSubstitutes } from './substitutes';

/** noAddresses is the address book of a guest, or of a shopper whose addresses are loading. */
const noAddresses: AddressBook = { addresses: [] };

/** CartPage lists the cart and checks out: address, payment and the total the order will have. */
export default function CartPage() {
  const { askSignIn } = useApp();
  const { user } = useUser();
  const { moneyMinor, paymentMethods } = useStoreConfig();
  const { cart } = useCart();
  // Only the products in the cart are looked up; a product added since the last answer waits for the next.
  const ids = useMemo(() => Object.keys(cart).filter((id) => (cart[id] ?? 0) > 0), [cart]);
  const found = useProductsById(ids);
  const products = found.products;
  const productsLoading = found.loading || ids.some((id) => !found.answered(id));
  const store = useCartStore();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useTitle(t.titles.cart);
  const lines = useMemo(() => cartLines(cart, products), [cart, products]);
  // Products that cannot be ordered now stay in the cart, shown apart and left out of the totals.
  const unavailable = productsLoading ? [] : unavailableLines(cart, products);
  const { taxRule, loading: rulesLoading } = useDeliveryRules();
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
  const order = usePlaceOrder();
  // Online, the button stays disabled while the provider's page loads.
  const placing = order.isPending || (order.isSuccess && !!order.data.url && payment === 'Online');

  const addressesQuery = useAddresses(user?._id);
  const book = addressesQuery.data ?? noAddresses;
  // The address chosen here, while it is still saved (another tab may have deleted it), else the shopper's default.
  const selected = book.addresses.find((a) => a._id === choice.addressId) ?? book.addresses.find((a) => a._id === book.defaultId) ?? book.addresses[0] ?? null;
  // A delivery slot is chosen only while the store offers slots; one that filled or closed meanwhile is chosen again.
  const slots = useSlots().data ?? [];
  const slot = slots.find((s) => s.id === choice.slotId && s.state === 'open') ?? null;

  // What the order will cost, and whether the server would refuse it (below the minimum, an address
  // outside the delivery area, a slot gone), is the server's quote of these lines, address and slot.
  const items = useMemo(() => lines.map((l) => ({ product: l.product._id, quantity: l.quantity })), [lines]);
  // What the shopper chose for each line should its product not be there; the store's default for the rest.
  const substitutes = useSubstitutes();
  // Store credit is offered while the shopper has some; chosen, the quote and the order use it.
  const balance = useStoreCredit(user?._id).data?.balance ?? 0;
  const useCredit = balance > 0 && choice.useCredit === true;
  // A coupon's code applied here (as a guest too: it is kept on signing in) goes with the quote and the order.
  const coupon = choice.coupon ?? loadCheckoutChoice(null).coupon ?? '';
  const quoted = useCartQuote(items, selected?._id, slot?.id, useCredit, coupon);
  const quote = lines.length > 0 ? quoted.data : null;
  // The server would refuse the order (or its code): it waits until the shopper changes it.
  const blocked = lines.length > 0 && (!!quote?.problem || !!quote?.couponProblem);

  function placeOrder() {
    // A guest signs in first, and comes back to this cart, kept.
    if (!user) {
      askSignIn();
      return;
    }
    if (unavailable.length > 0) {
      toast.error(t.cart.removeUnavailable, { id: 'order-error' });
      return;
    }
    if (!selected) {
      toast.error(t.toast.selectAddress, { id: 'order-error' });
      return;
    }
    if (!isPaymentType(payment)) {
      toast.error(t.toast.invalidPayment, { id: 'order-error' });
      return;
    }
    if (slots.length > 0 && !slot) {
      toast.error(t.slots.choose, { id: 'order-error' });
      return;
    }
    order.mutate(
      {
        payment,
        items: items.map((i) => (substitutes[i.product] ? { ...i, substitute: substitutes[i.product] } : i)),
        address: selected._id,
        method: method?.id,
        slot: slot?.id,
        useCredit,
        coupon: coupon || undefined,
      },
      {
        onError: (err) => {
          toast.error(err.message, { id: 'order-error' });
          // A slot may have filled meanwhile: the picker shows the places as they are now.
          void queryClient.invalidateQueries({ queryKey: checkoutKeys.slots() });
          // Stock or prices may have changed meanwhile: the cart shows them as they are now.
          void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
          // The address may have been deleted or changed in another tab: the picker shows them as they are now.
          void queryClient.invalidateQueries({ queryKey: checkoutKeys.addresses() });
          // Store credit may have been spent meanwhile by another order: the choice shows the balance as it is now.
          void queryClient.invalidateQueries({ queryKey: accountKeys.credit() });
          // A coupon may have run out meanwhile: the quote says so under its code.
          void queryClient.invalidateQueries({ queryKey: quoteKeys.all });
        },
        onSuccess: (r) => {
          // The slot and the coupon belong to the order now: the next order picks its own.
          saveCheckoutChoice(userKey, { slotId: undefined, coupon: '' });
          if (userKey) saveCheckoutChoice(null, { coupon: undefined });
          if (payment === 'Online' && r.url) {
            window.location.assign(r.url);
            return;
          }
          toast.success(r.message || t.toast.orderPlaced);
          store.emptied();
          void navigate(paths.myOrders);
        },
      },
    );
  }

  const buttonText = payment === 'COD' ? t.cart.placeOrder : t.cart.checkout;
  const disabled = (lines.length === 0 && unavailable.length === 0) || placing || rulesLoading || blocked;
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
              {lines.map((line) => (
                <CartLineItem key={line.product._id} line={line} amount={quote?.lines.find((q) => q.product === line.product._id && q.quantity === line.quantity)?.amount} />
              ))}
              {unavailable.map((line) => (
                <UnavailableLineItem key={line.id} line={line} />
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
          <AddressPicker book={book} selected={selected} onChoose={(addressId) => choose({ addressId })} />
          <PaymentPicker payment={payment} method={method} onChoose={choose} />
          <SlotPicker slots={slots} chosen={slot?.id ?? null} onChoose={(id) => choose({ slotId: id })} />
          <CreditChoice balance={balance} checked={useCredit} onChoose={choose} />
          {lines.length > 0 && <CouponField code={coupon} quote={quote} onChoose={choose} />}
        </div>

        <hr className="my-4 border-stone-200" />
        <OrderTotals quote={quote} taxRule={taxRule} />
        {lines.length > 0 && <DeliveryNotices quote={quote} />}
        {orderButton('mt-6 hidden w-full md:block')}
      </aside>

      <div className="fixed inset-x-0 bottom-0 z-20 flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-stone-200 bg-white px-4 py-3 md:hidden">
        {lines.length > 0 && <FirstNotice quote={quote} />}
        <p className="text-sm text-slate-600">
          {quote && quote.creditUsed > 0 ? t.cart.toPay : t.cart.total}
          <span className="block text-lg font-semibold text-slate-900">
            {quote === undefined ? '…' : moneyMinor(toMinor((quote && quote.creditUsed > 0 ? quote.toPay : quote?.total) ?? 0))}
          </span>
        </p>
        {orderButton('flex-1')}
      </div>
    </div>
  );
}
