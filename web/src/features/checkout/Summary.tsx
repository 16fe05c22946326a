import type { CheckoutChoice } from './choice';
import { useStoreConfig } from '../../lib/config';
import { PAYMENT_TYPES, type PaymentMethod, type PaymentType, type Quote, type TaxRule } from '../../lib/contract';
import { t } from '../../i18n';
import { toMinor } from '../../lib/money';
import { shownAdjustments } from '../../lib/discount';

/** PaymentPicker chooses cash on delivery or online payment and, online, the provider. */
export function PaymentPicker({ payment, method, onChoose }: { payment: PaymentType; method: PaymentMethod | undefined; onChoose: (change: CheckoutChoice) => void }) {
  const { paymentMethods } = useStoreConfig();
  return (
    <>
      <label className="mt-6 block font-medium text-slate-700" htmlFor="payment">
        {t.cart.paymentMethod}
      </label>
      <select
        id="payment"
        value={payment}
        onChange={(e) => onChoose({ payment: e.target.value as PaymentType })}
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
                <input type="radio" name="payment-method" value={m.id} checked={method?.id === m.id} onChange={() => onChoose({ methodId: m.id })} className="accent-green-700" />
                {m.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}

/**
 * CreditChoice offers to pay with the shopper's store credit, showing their balance, while they
 * have some (balance in major units, as the server answers it); nothing otherwise. How much it pays
 * is the quote's to say (OrderTotals).
 */
export function CreditChoice({ balance, checked, onChoose }: { balance: number; checked: boolean; onChoose: (change: CheckoutChoice) => void }) {
  const { moneyMinor } = useStoreConfig();
  if (balance <= 0) return null;
  return (
    <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-green-200 bg-green-50 px-3 text-green-900">
      <input type="checkbox" checked={checked} onChange={(e) => onChoose({ useCredit: e.target.checked })} className="size-5 accent-green-700" />
      {t.cart.useCredit(moneyMinor(toMinor(balance)))}
    </label>
  );
}

/** noQuote is what an empty cart costs. */
const noQuote = (taxRule: TaxRule): Quote => ({
  lines: [],
  taxRule,
  subtotal: 0,
  deliveryFee: 0,
  tax: 0,
  adjustments: [],
  discount: 0,
  total: 0,
  missingForFree: 0,
  credit: 0,
  creditUsed: 0,
  toPay: 0,
});

/** pending stands for a figure of the quote while it loads: no amount is shown before the server said it. */
const pending = '…';

/**
 * OrderTotals shows price, the coupon's discount, any other adjustments, shipping (the delivery fee, or Free), tax (added, or
 * under VAT included) and the total the order will have, and with store credit what it pays and
 * what is left to pay, in the store's currency: the server's quote of the cart, nothing added here
 * (null: an empty cart, all 0 under taxRule; undefined: the quote is loading, and no figure is
 * shown yet rather than a total of 0 and free delivery).
 */
export function OrderTotals({ quote, taxRule }: { quote: Quote | null | undefined; taxRule: TaxRule }) {
  const { moneyMinor } = useStoreConfig();
  const loading = quote === undefined;
  const q = quote ?? noQuote(taxRule);
  const money = (major: number) => (loading ? pending : moneyMinor(toMinor(major)));
  return (
    <dl className="space-y-2 text-slate-600" aria-busy={loading}>
      <div className="flex justify-between">
        <dt>{t.cart.price}</dt>
        <dd data-testid="cart-subtotal">{money(q.subtotal)}</dd>
      </div>
      {q.coupon && q.discount > 0 && (
        <div className="flex justify-between text-green-800">
          <dt>{t.cart.discount(q.coupon.code)}</dt>
          <dd data-testid="cart-discount">−{money(q.discount)}</dd>
        </div>
      )}
      {shownAdjustments(q.adjustments).map((a, i) => (
        <div key={i} className="flex justify-between">
          <dt>{a.label}</dt>
          <dd>{money(a.amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between">
        <dt>{t.cart.shipping}</dt>
        {q.deliveryFee > 0 || loading ? (
          <dd data-testid="delivery-fee">{money(q.deliveryFee)}</dd>
        ) : (
          <dd className="text-green-700" data-testid="delivery-fee">{t.cart.free}</dd>
        )}
      </div>
      <div className="flex justify-between">
        <dt>{q.taxRule === 'vat' ? t.cart.vatIncluded : t.cart.tax}</dt>
        <dd data-testid="cart-tax">{money(q.tax)}</dd>
      </div>
      <div className="flex justify-between pt-2 text-lg font-semibold text-slate-900">
        <dt>{t.cart.total}</dt>
        <dd data-testid="cart-total">{money(q.total)}</dd>
      </div>
      {q.creditUsed > 0 && (
        <>
          <div className="flex justify-between text-green-800">
            <dt>{t.cart.creditUsed}</dt>
            <dd data-testid="cart-credit">−{money(q.creditUsed)}</dd>
          </div>
          <div className="flex justify-between text-lg font-semibold text-slate-900">
            <dt>{t.cart.toPay}</dt>
            <dd data-testid="cart-to-pay">{money(q.toPay)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** Notice is one thing the quote says about the cart: a problem that stops the order, or a hint. */
type Notice = { stops: boolean; text: string };

/** useDeliveryNotices are the quote's notices, what stops the order first: why the server would refuse the order, then what is missing for free delivery. */
function useDeliveryNotices(quote: Quote | null | undefined, withCoupon = false): Notice[] {
  const { moneyMinor } = useStoreConfig();
  const notices: Notice[] = [];
  if (quote?.problem) notices.push({ stops: true, text: quote.problem });
  // Why the coupon may not be used shows under its field; the phone's bar says it too.
  if (withCoupon && quote?.couponProblem) notices.push({ stops: true, text: quote.couponProblem });
  if (quote && quote.missingForFree > 0) notices.push({ stops: false, text: t.cart.addForFree(moneyMinor(toMinor(quote.missingForFree))) });
  return notices;
}

/** DeliveryNotices tell what stands between the cart and its order, and what is missing for free delivery, as the quote says. */
export function DeliveryNotices({ quote }: { quote: Quote | null | undefined }) {
  const notices = useDeliveryNotices(quote);
  return (
    <div className="mt-3 space-y-2 text-sm" role="status">
      {notices.map((n) => (
        <p key={n.text} className={`rounded-lg p-3 ${n.stops ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}>
          {n.text}
        </p>
      ))}
    </div>
  );
}

/** FirstNotice is the first of the quote's notices in one short line, for the phone's bar beside the order button. */
export function FirstNotice({ quote }: { quote: Quote | null | undefined }) {
  const first = useDeliveryNotices(quote, true)[0];
  if (!first) return null;
  return (
    <p className={`w-full text-xs ${first.stops ? 'text-red-800' : 'text-amber-900'}`} aria-hidden="true">
      {first.text}
    </p>
  );
}
