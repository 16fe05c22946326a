import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api';
import type { OrderStatus, SellerOrder } from '../../lib/contract';
import { thumbnail } from '../../lib/catalogue';
import { useErrorToast } from '../../lib/useToastQuery';
import { formatAmount } from '../../lib/money';
import { RowSkeleton } from '../../components/Spinner';
import { RefundPanel, SellerPayment } from '../orders/PaymentStatus';
import { t } from '../../i18n';
import { useStoreConfig } from '../../lib/config';
import { useOrderAction, useSellerOrders, type OrderAction } from './api';
import { OrderCard, orderDate, paymentTypeLabel, StatusBadge } from '../orders/OrderCard';


/** Orders lists the orders the seller handles, newest first, with the next step of each. */
export default function Orders() {
  const { currency } = useStoreConfig();
  const query = useSellerOrders();
  useErrorToast(query.error, t.toast.generic);

  const orders = query.data?.pages.flatMap((p) => p.orders) ?? [];

  // The seller looks an order up by the number the shopper quotes; found holds the answer.
  const [number, setNumber] = useState('');
  const [found, setFound] = useState<SellerOrder[] | null>(null);
  const [finding, setFinding] = useState(false);
  const find = async (e: FormEvent) => {
    e.preventDefault();
    if (!number.trim()) {
      setFound(null);
      return;
    }
    setFinding(true);
    const r = await api.findSellerOrder(number);
    setFinding(false);
    if (!r.success) {
      toast.error(r.message || t.toast.generic, { id: 'find-order' });
      return;
    }
    setFound(r.orders);
  };
  const showAll = () => {
    setNumber('');
    setFound(null);
  };
  // A changed order replaces its old copy in the orders found too.
  const changed = (order: SellerOrder) => setFound((list) => list && list.map((o) => (o._id === order._id ? order : o)));

  return (
    <div className="p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.seller.ordersTitle}</h1>
      <form role="search" onSubmit={(e) => void find(e)} className="mt-4 flex max-w-md flex-wrap items-end gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          {t.seller.findOrder}
          <input
            type="search"
            inputMode="numeric"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            placeholder={t.seller.findPlaceholder}
            className="min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 font-normal outline-green-700"
          />
        </label>
        <button type="submit" disabled={finding} className="min-h-11 rounded-lg bg-green-700 px-5 text-sm font-medium text-white hover:bg-green-800 disabled:opacity-60">
          {t.seller.find}
        </button>
      </form>
      {found ? (
        <>
          {found.length === 0 ? (
            <p className="mt-6 text-slate-600" role="status">
              {t.seller.noMatch}
            </p>
          ) : (
            <ul className="mt-6 max-w-4xl space-y-4">
              {found.map((o) => (
                <SellerOrderCard key={o._id} order={o} currency={currency} onChanged={changed} />
              ))}
            </ul>
          )}
          <button type="button" onClick={showAll} className="mt-6 min-h-11 rounded-lg border border-stone-300 bg-white px-6 text-sm hover:bg-stone-100">
            {t.seller.showAll}
          </button>
        </>
      ) : query.isPending ? (
        <div className="mt-6 max-w-4xl space-y-4" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
          <RowSkeleton tall />
        </div>
      ) : orders.length === 0 ? (
        <p className="mt-6 text-slate-600">{query.isError ? '' : t.seller.noOrders}</p>
      ) : (
        <>
          <ul className="mt-6 max-w-4xl space-y-4">
            {orders.map((o) => (
              <SellerOrderCard key={o._id} order={o} currency={currency} onChanged={changed} />
            ))}
          </ul>
          {query.hasNextPage && (
            <button
              type="button"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              className="mt-6 min-h-11 rounded-lg border border-stone-300 bg-white px-6 text-sm hover:bg-stone-100 disabled:opacity-60"
            >
              {query.isFetchingNextPage ? t.loader : t.seller.olderOrders}
            </button>
          )}
        </>
      )}
    </div>
  );
}

/** SellerOrderCard is an order as the seller handles it: lines, address, money, refunds and the next steps the server allows. */
function SellerOrderCard({ order: o, currency, onChanged }: { order: SellerOrder; currency: string; onChanged: (o: SellerOrder) => void }) {
  const action = useOrderAction(o._id);
  const busy = action.isPending;
  const [confirming, setConfirming] = useState(false);

  const act = (a: OrderAction) =>
    action.mutate(a, {
      onSettled: () => setConfirming(false),
      onSuccess: (r) => {
        toast.success(r.message || '');
        onChanged(r.order);
      },
      onError: (err) => toast.error(err.message),
    });
  const move = (status: OrderStatus) => act({ kind: 'status', status });
  const forward = o.nextStatuses.filter((s) => s !== 'Cancelled');
  const canCancel = o.nextStatuses.includes('Cancelled');
  const a = o.address;

  return (
    <OrderCard order={o} className="text-sm text-slate-700" headerClass="mb-3">
      <div className="grid gap-4 [overflow-wrap:anywhere] sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.2fr)]">
        <div className="flex min-w-0 gap-3">
          <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg border border-stone-200 bg-green-50 p-1">
            <img src={thumbnail(o.items[0]?.product.image[0] ?? '')} alt="" width={56} height={56} loading="lazy" className="h-full w-full object-contain" />
          </div>
          <div className="min-w-0">
            <h3 className="sr-only">{t.seller.items}</h3>
            <ul>
              {o.items.map((it) => (
                <li key={it.product._id} className="font-medium text-slate-900">
                  {it.product.name} <span className="text-green-700">{t.seller.quantity(it.quantity)}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <address className="not-italic text-slate-600">
          <span className="sr-only">{t.seller.deliverTo}: </span>
          <span className="font-medium text-slate-900">
            {a.firstName} {a.lastName}
          </span>
          <br />
          {a.street}, {a.city}
          <br />
          {a.state} {a.zipcode}, {a.country}
          <br />
          {a.phone}
        </address>
        <div className="flex flex-wrap gap-x-6 gap-y-1 sm:col-span-2 lg:col-span-1 lg:block lg:space-y-1">
          <p className="text-base font-semibold text-slate-900">
            {currency}
            {formatAmount(o.amount)}
          </p>
          <p>
            {t.seller.method} {paymentTypeLabel(o)}
          </p>
          <p>
            {t.seller.date} {orderDate(o)}
          </p>
          <p>
            {t.seller.payment}{' '}
            <SellerPayment order={o} />
          </p>
        </div>
      </div>
      <RefundPanel order={o} currency={currency} busy={busy} onRefund={() => act({ kind: 'refund' })} onMarkRefunded={() => act({ kind: 'refunded' })} />
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-stone-100 pt-4">
        <StatusBadge order={o} />
        <div className="ml-auto flex flex-wrap gap-2">
          {confirming ? (
            <>
              <span className="self-center text-slate-600">{t.seller.confirmCancel}</span>
              <button type="button" disabled={busy} onClick={() => move('Cancelled')} className="min-h-11 rounded-lg bg-red-700 px-4 font-medium text-white hover:bg-red-800 disabled:opacity-60">
                {t.seller.yesCancel}
              </button>
              <button type="button" disabled={busy} onClick={() => setConfirming(false)} className="min-h-11 rounded-lg border border-stone-300 px-4 hover:bg-stone-100">
                {t.seller.keep}
              </button>
            </>
          ) : (
            <>
              {forward.map((s) => (
                <button key={s} type="button" disabled={busy} onClick={() => move(s)} className="min-h-11 rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800 disabled:opacity-60">
                  {t.seller.advance(t.orderStatus[s])}
                </button>
              ))}
              {o.canMarkPaid && (
                <button type="button" disabled={busy} onClick={() => act({ kind: 'paid' })} className="min-h-11 rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800 disabled:opacity-60">
                  {t.seller.markPaid}
                </button>
              )}
              {canCancel && (
                <button type="button" disabled={busy} onClick={() => setConfirming(true)} className="min-h-11 rounded-lg border border-red-300 px-4 text-red-800 hover:bg-red-50">
                  {t.seller.cancel}
                </button>
              )}
            </>
          )}
        </div>
      </div>
    </OrderCard>
  );
}
