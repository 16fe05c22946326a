import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import toast from '../../lib/toast';
import type { OrderStatus, SellerOrder } from '../../lib/contract';
import { paths } from '../../lib/paths';
import { cover, nameIn } from '../../lib/catalogue';
import Confirm from '../../components/Confirm';
import { useErrorToast } from '../../lib/useToastQuery';
import { RowSkeleton } from '../../components/Spinner';
import { language, t } from '../../i18n';
import { useStoreConfig } from '../../lib/config';
import { sellerOrdersCSV, useOrderAction, useSellerOrders, type OrderAction } from './api';
import { OrderCard, paymentTypeLabel, RefundPanel, SellerPayment, StatusBadge } from '../orders';
import LateBadge from './LateBadge';
import { apiFilters, hasFilters, readFilters, writeFilters, type Day, type OrderFilters } from './orderFilters';
import { SELLER_STATUSES } from '../../lib/contract';
import { addressLines, telHref } from '../../lib/address';
import { orderSlotText } from '../../lib/slots';
import { amountText, packedDiffers } from '../../lib/weight';
import PackForm from './PackForm';
import GoodwillForm from './GoodwillForm';
import RefundForm from './RefundForm';
import DeliveryPanel from './DeliveryPanel';
import SentNote from './SentNote';
import SubstituteNote from './SubstituteNote';


/** Orders lists the orders the seller handles, newest first, with the next step of each, narrowed by the filters kept in the URL. */
export default function Orders() {
  const { timeZone } = useStoreConfig();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const forApi = apiFilters(filters, timeZone);
  const query = useSellerOrders(forApi);
  useErrorToast(query.error, t.toast.generic);

  const orders = query.data?.pages.flatMap((p) => p.orders) ?? [];
  const filtered = hasFilters(filters);
  // Each change applies to the filters as the last one left them, which the page may not show yet.
  const change = (next: Partial<OrderFilters>) => setParams((current) => writeFilters({ ...readFilters(current), ...next }), { replace: true });
  const clear = () => setParams(new URLSearchParams(), { replace: true });

  return (
    <div className="p-4 md:p-10">
      <div className="flex max-w-4xl flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.seller.ordersTitle}</h1>
        <a
          href={sellerOrdersCSV(forApi)}
          download
          title={t.seller.exportHint}
          className="flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-stone-100"
        >
          {t.seller.exportCsv}
        </a>
      </div>
      <OrderFilterForm filters={filters} onChange={change} onClear={filtered ? clear : undefined} />
      {query.isPending ? (
        <div className="mt-6 max-w-4xl space-y-4" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
          <RowSkeleton tall />
        </div>
      ) : orders.length === 0 ? (
        <div className="mt-6 max-w-4xl rounded-2xl border border-dashed border-stone-300 bg-white p-8 text-center" role="status">
          <p className="text-slate-600">{query.isError ? t.toast.generic : filtered ? t.seller.noMatches : t.seller.noOrders}</p>
          {filtered && (
            <button type="button" onClick={clear} className="mt-4 min-h-11 rounded-lg border border-stone-300 bg-white px-6 text-sm hover:bg-stone-100">
              {t.seller.clearFilters}
            </button>
          )}
        </div>
      ) : (
        <>
          <ul className={`mt-6 max-w-4xl space-y-4 ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={query.isPlaceholderData}>
            {orders.map((o) => (
              <SellerOrderCard key={o._id} order={o} timeZone={timeZone} />
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

const field = 'min-h-11 w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 font-normal text-slate-900 outline-green-700';
const labelClass = 'flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700';
/** documentLink is a link to an order's printable page: its packing slip or tax invoice. */
const documentLink = 'flex min-h-11 items-center rounded-lg border border-stone-300 px-4 text-slate-800 hover:bg-stone-100';

/**
 * OrderFilterForm holds the filters: a search (order number, name or phone) sent with Search or Enter, and status, payment and
 * date choices that apply as soon as they change.
 */
function OrderFilterForm({ filters, onChange, onClear }: { filters: OrderFilters; onChange: (f: Partial<OrderFilters>) => void; onClear?: () => void }) {
  const [q, setQ] = useState(filters.q);
  // The box follows the URL when the search changes there (Clear filters, Back), not when the URL
  // catches up with a search sent from the box: what was typed since is kept.
  const [shown, setShown] = useState(filters.q);
  const [sent, setSent] = useState<string | null>(null);
  if (shown !== filters.q) {
    setShown(filters.q);
    setSent(null);
    if (filters.q !== sent) setQ(filters.q);
  }
  const search = (e: FormEvent) => {
    e.preventDefault();
    setSent(q);
    onChange({ q });
  };
  return (
    <form role="search" aria-label={t.seller.filters} onSubmit={search} className="mt-4 max-w-4xl rounded-2xl border border-stone-200 bg-white p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 items-end gap-2 sm:col-span-2 lg:col-span-1">
          <label className={`${labelClass} flex-1`}>
            {t.seller.search}
            <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t.seller.searchPlaceholder} maxLength={100} className={field} />
          </label>
          <button type="submit" className="min-h-11 shrink-0 rounded-lg bg-green-700 px-4 text-sm font-medium text-white hover:bg-green-800">
            {t.seller.searchButton}
          </button>
        </div>
        <label className={labelClass}>
          {t.seller.status}
          <select value={filters.status} onChange={(e) => onChange({ status: e.target.value as OrderFilters['status'] })} className={field}>
            <option value="">{t.seller.anyStatus}</option>
            {SELLER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.orderStatus[s]}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t.seller.paymentFilter}
          <select value={filters.paid} onChange={(e) => onChange({ paid: e.target.value as OrderFilters['paid'] })} className={field}>
            <option value="">{t.seller.anyPayment}</option>
            <option value="true">{t.seller.paidOnly}</option>
            <option value="false">{t.seller.pendingOnly}</option>
          </select>
        </label>
        <label className={labelClass}>
          {t.seller.day}
          <select value={filters.day} onChange={(e) => onChange({ day: e.target.value as Day })} className={field}>
            <option value="">{t.seller.anyDay}</option>
            <option value="today">{t.seller.today}</option>
            <option value="yesterday">{t.seller.yesterday}</option>
            <option value="range">{t.seller.range}</option>
          </select>
        </label>
        <label className={labelClass}>
          {t.slots.filter}
          <select value={filters.slot} onChange={(e) => onChange({ slot: e.target.value as OrderFilters['slot'] })} className={field}>
            <option value="">{t.slots.anyDay}</option>
            <option value="today">{t.slots.today}</option>
            <option value="tomorrow">{t.slots.tomorrow}</option>
          </select>
        </label>
      </div>
      {(filters.day === 'range' || onClear) && (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {filters.day === 'range' && (
            <>
              <label className={labelClass}>
                {t.seller.from}
                <input type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => onChange({ from: e.target.value })} className={field} />
              </label>
              <label className={labelClass}>
                {t.seller.to}
                <input type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => onChange({ to: e.target.value })} className={field} />
              </label>
            </>
          )}
          {onClear && (
            <button type="button" onClick={onClear} className="ml-auto min-h-11 rounded-lg px-4 text-sm font-medium text-green-800 underline-offset-2 hover:underline">
              {t.seller.clearFilters}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** SellerOrderCard is an order as the seller handles it: lines, address, money, refunds and the next steps the server allows. */
function SellerOrderCard({ order: o, timeZone }: { order: SellerOrder; timeZone: string }) {
  const { money } = useStoreConfig();
  const action = useOrderAction(o._id);
  const busy = action.isPending;
  const [confirming, setConfirming] = useState(false);
  const [packing, setPacking] = useState(false);
  const [giving, setGiving] = useState(false);
  const [refunding, setRefunding] = useState(false);

  const act = (a: OrderAction) =>
    action.mutate(a, {
      onSettled: () => setConfirming(false),
      onSuccess: (r) => {
        setPacking(false);
        setRefunding(false);
        if (r.message) toast.success(r.message);
      },
      onError: (err) => toast.error(err.message),
    });
  const move = (status: OrderStatus) => act({ kind: 'status', status });
  const forward = o.nextStatuses.filter((s) => s !== 'Cancelled');
  const canCancel = o.nextStatuses.includes('Cancelled');
  const a = o.address;

  return (
    <OrderCard
      order={o}
      className="text-sm text-slate-700"
      headerClass="mb-3"
      summary={
        <p className="text-slate-600">
          <span className="sr-only">{t.seller.placed} </span>
          <time dateTime={o.createdAt}>{t.orders.placedAtIn(o.createdAt, timeZone)}</time>
        </p>
      }
    >
      <div className="grid gap-4 [overflow-wrap:anywhere] sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_minmax(0,1.2fr)]">
        <div className="flex min-w-0 gap-3">
          <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded-lg border border-stone-200 bg-green-50 p-1">
            <img src={o.items[0] && cover(o.items[0].product)} alt="" width={56} height={56} loading="lazy" className="h-full w-full object-contain" />
          </div>
          <div className="min-w-0">
            <h3 className="sr-only">{t.seller.items}</h3>
            <ul>
              {o.items.map((it) => (
                <li key={it.product._id} className="font-medium text-slate-900">
                  {nameIn(it.product, language())} <span className="text-green-700">{t.seller.quantity(amountText(it.product, it.quantity))}</span>
                  {packedDiffers(it) && <span className="ml-1 font-normal text-amber-800">{t.seller.packedAs(packedDiffers(it))}</span>}
                  {o.status === 'Order Placed' && <SubstituteNote item={it} />}
                  <SentNote item={it} timeZone={timeZone} />
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
          {addressLines(a).join(', ')}
          {a.landmark && <span className="block text-slate-900">{t.address.landmarkShown(a.landmark)}</span>}
          {o.slot && <span className="block font-medium text-slate-900">{orderSlotText(o.slot)}</span>}
          <a href={telHref(a.phone)} className="flex min-h-11 w-fit items-center font-medium text-green-700 underline">
            {a.phone}
          </a>
        </address>
        <div className="flex flex-wrap gap-x-6 gap-y-1 sm:col-span-2 lg:col-span-1 lg:block lg:space-y-1">
          <p className="text-base font-semibold text-slate-900">
            {money(o.amount, o.currency)}
          </p>
          {o.creditUsed > 0 && <p className="text-green-800">{t.seller.creditUsed(money(o.creditUsed, o.currency))}</p>}
          <p>
            {t.seller.method} {paymentTypeLabel(o)}
          </p>
          <p>
            {t.seller.payment}{' '}
            <SellerPayment order={o} />
          </p>
        </div>
      </div>
      <RefundPanel
        order={o}
        busy={busy}
        creditNote={(code) => `${paths.seller.orderInvoice(o.number)}?note=${encodeURIComponent(code)}`}
        onRefund={() => act({ kind: 'refund' })}
        onMarkRefunded={() => act({ kind: 'refunded' })}
      />
      <DeliveryPanel order={o} timeZone={timeZone} busy={busy} onAssign={(rider) => act({ kind: 'assign', rider })} />
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-stone-100 pt-4">
        <StatusBadge order={o} />
        <LateBadge late={o.late} />
        {o.replaces && <span className="rounded-full bg-sky-100 px-3 py-1 font-medium text-sky-900">{t.claim.replacement}</span>}
        <Link
          to={paths.seller.orderSlip(o.number)}
          aria-label={t.seller.packingSlipFor(o.number)}
          className={documentLink}
        >
          {t.seller.packingSlip}
        </Link>
        {o.status === 'Delivered' && (
          <Link
            to={paths.seller.orderInvoice(o.number)}
            aria-label={t.seller.taxInvoiceFor(o.number)}
            className={documentLink}
          >
            {t.seller.taxInvoice}
          </Link>
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {confirming ? (
            <Confirm question={t.seller.confirmCancel} yes={t.seller.yesCancel} no={t.orders.keep} busy={busy} onYes={() => move('Cancelled')} onNo={() => setConfirming(false)} />
          ) : (
            <>
              {forward.map((s) =>
                s === 'Packed' && o.needsWeighing ? (
                  <button key={s} type="button" disabled={busy || packing} onClick={() => setPacking(true)} className="min-h-11 rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800 disabled:opacity-60">
                    {t.seller.packAndWeigh}
                  </button>
                ) : (
                  <button key={s} type="button" disabled={busy} onClick={() => move(s)} className="min-h-11 rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800 disabled:opacity-60">
                    {t.seller.advance(t.orderStatus[s])}
                  </button>
                ),
              )}
              {forward.includes('Packed') && !o.needsWeighing && !packing && (
                <button type="button" disabled={busy} onClick={() => setPacking(true)} className="min-h-11 rounded-lg border border-green-700 px-4 font-medium text-green-800 hover:bg-green-50 disabled:opacity-60">
                  {t.seller.packShort}
                </button>
              )}
              {o.canMarkPaid && (
                <button type="button" disabled={busy} onClick={() => act({ kind: 'paid' })} className="min-h-11 rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800 disabled:opacity-60">
                  {t.seller.markPaid}
                </button>
              )}
              {o.canGiveCredit && !giving && (
                <button type="button" onClick={() => setGiving(true)} className="min-h-11 rounded-lg border border-stone-300 px-4 text-slate-700 hover:bg-stone-100">
                  {t.seller.giveCredit}
                </button>
              )}
              {o.canRefundPart && !refunding && (
                <button type="button" disabled={busy} onClick={() => setRefunding(true)} className="min-h-11 rounded-lg border border-red-300 px-4 text-red-800 hover:bg-red-50 disabled:opacity-60">
                  {t.seller.refund.open}
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
      {giving && <GoodwillForm orderId={o._id} onClose={() => setGiving(false)} />}
      {refunding && <RefundForm order={o} busy={busy} onRefund={(refund) => act({ kind: 'refundPart', refund })} onClose={() => setRefunding(false)} />}
      {packing && <PackForm order={o} busy={busy} onPack={(lines) => act({ kind: 'pack', lines })} onClose={() => setPacking(false)} />}
    </OrderCard>
  );
}
