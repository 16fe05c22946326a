import type { Bill, Order, OrderItem } from '../../lib/contract';
import { adjustmentLabel } from '../../lib/weight';
import { formatMinor, toMinor } from '../../lib/money';
import { couponCode, shownAdjustments } from '../../lib/discount';
import { t, useLanguage } from '../../i18n';

/** BillRow is one figure of a bill as it is shown: its label, its amount in minor units (null: Free) and its test id. */
export type BillRow = readonly [label: string, minor: number | null, testId: string];

/**
 * billRows are the figures of a bill as the server worked them out, in the order they are shown:
 * the items, the coupon's discount (the bill's discount, named with its code), each other
 * adjustment, the delivery fee (null when free) and the tax (added, or under VAT included). Nothing
 * is added up here. testIds starts each figure's test id.
 */
export function billRows(bill: Bill, testIds: string, items: OrderItem[] = []): BillRow[] {
  const code = couponCode(bill.adjustments);
  return [
    [t.orders.items, toMinor(bill.subtotal), `${testIds}-items`],
    ...(code !== undefined && bill.discount > 0 ? [[t.cart.discount(code), -toMinor(bill.discount), `${testIds}-discount`] as BillRow] : []),
    ...shownAdjustments(bill.adjustments).map((a, i): BillRow => [adjustmentLabel(a, items), toMinor(a.amount), `${testIds}-adjustment-${i}`]),
    [t.orders.deliveryFee, bill.deliveryFee > 0 ? toMinor(bill.deliveryFee) : null, `${testIds}-delivery-fee`],
    [bill.taxRule === 'vat' ? t.cart.vatIncluded : t.cart.tax, toMinor(bill.tax), `${testIds}-tax`],
  ];
}

/**
 * OrderBill shows what an order's amount is made of, from its bill as charged: the items, any adjustments, the
 * delivery fee (or Free), the tax (added, or under VAT included) and the amount, in the order's own currency, and
 * when store credit paid part of it, that part and what is left to pay. rowClass styles each
 * line, totalClass the amount's.
 */
export default function OrderBill({ order: o, className = '', totalLabel = t.orders.total, totalClass = 'font-semibold text-slate-900' }: {
  order: Order;
  className?: string;
  totalLabel?: string;
  totalClass?: string;
}) {
  const lang = useLanguage();
  const money = (minor: number) => formatMinor(minor, o.currency, lang);
  return (
    <dl className={`space-y-1 ${className}`}>
      {billRows(o.bill, 'order', o.items).map(([label, minor, testId]) => (
        <div key={testId} className="flex justify-between gap-4">
          <dt>{label}</dt>
          <dd className="whitespace-nowrap tabular-nums" data-testid={testId}>
            {minor === null ? t.cart.free : money(minor)}
          </dd>
        </div>
      ))}
      <div className={`flex justify-between gap-4 border-t border-stone-200 pt-1 ${totalClass}`}>
        <dt>{totalLabel}</dt>
        <dd className="whitespace-nowrap tabular-nums" data-testid="order-total">
          {money(toMinor(o.bill.total))}
        </dd>
      </div>
      {o.creditUsed > 0 && (
        <>
          <div className="flex justify-between gap-4 text-green-800">
            <dt>{t.orders.creditUsed}</dt>
            <dd className="whitespace-nowrap tabular-nums" data-testid="order-credit">
              −{money(toMinor(o.creditUsed))}
            </dd>
          </div>
          <div className="flex justify-between gap-4 font-medium text-slate-900">
            <dt>{t.orders.toPay}</dt>
            <dd className="whitespace-nowrap tabular-nums" data-testid="order-to-pay">
              {money(toMinor(o.toPay))}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}
