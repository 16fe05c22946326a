import type { ReactNode } from 'react';
import type { Order } from '../../lib/contract';
import { statusTone } from '../../components/styles';
import { t } from '../../i18n';

/** orderDate is when an order was placed, as both the shopper and the seller read it ("22 Nov 2026, 10:00"). */
export const orderDate = (o: Order) => t.orders.placedAt(o.createdAt);

/** paymentTypeLabel names how an order is paid: COD or Online. */
export const paymentTypeLabel = (o: Order) => t.orders.paymentTypes[o.paymentType];

/** StatusBadge shows where an order stands, coloured by how it is going. */
export function StatusBadge({ order }: { order: Order }) {
  return (
    <span className={`rounded-full px-3 py-1 font-medium ${statusTone(order.status)}`}>
      {t.orders.status} {t.orderStatus[order.status]}
    </span>
  );
}

/**
 * OrderCard is one order as the shopper (My Orders) and the seller (Orders List) see it: a card
 * named after the order's number, headed by that number and the summary beside it, then what each
 * of them reads and may do (children).
 */
export function OrderCard({ order, summary, className = '', headerClass = '', children }: {
  order: Order;
  summary?: ReactNode;
  className?: string;
  headerClass?: string;
  children: ReactNode;
}) {
  return (
    <li className={`rounded-2xl border border-stone-200 bg-white p-4 md:p-6 ${className}`} aria-label={t.orders.orderLabel(order.number)}>
      <div className={`flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 ${headerClass}`}>
        <h2 className="text-base font-semibold text-slate-900">
          {t.orders.order} <span data-testid="order-number">{t.orders.number(order.number)}</span>
        </h2>
        {summary}
      </div>
      {children}
    </li>
  );
}
