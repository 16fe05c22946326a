import type { Order } from '../../lib/contract';
import { formatMinor, toMinor } from '../../lib/money';
import { t, useLanguage } from '../../i18n';

/** Parts are an order's amount taken apart, in minor units. */
export interface Parts {
  /** items is what the order's lines cost together. */
  items: number;
  /** fee is the delivery fee; 0: delivery was free. */
  fee: number;
  /** tax is added to the items under the flat rule and contained in items and fee under VAT. */
  tax: number;
  total: number;
}

/** orderParts takes an order's amount apart as it was charged: its items, delivery fee, tax and total. */
export function orderParts(o: Pick<Order, 'amount' | 'deliveryFee' | 'tax' | 'taxRule'>): Parts {
  const total = toMinor(o.amount);
  const fee = toMinor(o.deliveryFee);
  const tax = toMinor(o.tax);
  return { items: total - fee - (o.taxRule === 'vat' ? 0 : tax), fee, tax, total };
}

/**
 * OrderBill shows what an order's amount is made of: the items, the delivery fee (or Free), the tax
 * (added, or under VAT included) and the amount, in the order's own currency. rowClass styles each
 * line, totalClass the amount's.
 */
export default function OrderBill({ order: o, className = '', totalLabel = t.orders.total, totalClass = 'font-semibold text-slate-900' }: {
  order: Order;
  className?: string;
  totalLabel?: string;
  totalClass?: string;
}) {
  const lang = useLanguage();
  const parts = orderParts(o);
  const money = (minor: number) => formatMinor(minor, o.currency, lang);
  return (
    <dl className={`space-y-1 ${className}`}>
      <div className="flex justify-between gap-4">
        <dt>{t.orders.items}</dt>
        <dd className="whitespace-nowrap tabular-nums">{money(parts.items)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>{t.orders.deliveryFee}</dt>
        <dd className="whitespace-nowrap tabular-nums" data-testid="order-delivery-fee">
          {parts.fee > 0 ? money(parts.fee) : t.cart.free}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>{o.taxRule === 'vat' ? t.cart.vatIncluded : t.cart.tax}</dt>
        <dd className="whitespace-nowrap tabular-nums" data-testid="order-tax">{money(parts.tax)}</dd>
      </div>
      <div className={`flex justify-between gap-4 border-t border-stone-200 pt-1 ${totalClass}`}>
        <dt>{totalLabel}</dt>
        <dd className="whitespace-nowrap tabular-nums">{money(parts.total)}</dd>
      </div>
    </dl>
  );
}
