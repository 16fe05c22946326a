import { useState } from 'react';
import toast from '../../lib/toast';
import { language, t } from '../../i18n';
import { nameIn, photo, photoSizes } from '../../lib/catalogue';
import { useStoreConfig } from '../../lib/config';
import { localDigits } from '../../lib/money';
import type { OrderStatus, PickLine, SellerOrder } from '../../lib/contract';
import { useOrderAction, usePickList, useSellerOrders } from './api';
import { storeDay } from './orderFilters';
import PackForm from './PackForm';

const waiting: OrderStatus = 'Order Placed';

/**
 * PackPage is the packer's screen at the shelf, on a phone: the day's pick list (every product the
 * orders waiting to be packed want, by category, ticked off as it is taken), then each of those
 * orders with its packing form, weights and counts with big touch targets.
 */
export default function PackPage() {
  const { timeZone } = useStoreConfig();
  // Every order waiting at first: a store without delivery slots has orders of no day.
  const days = [
    { value: '', label: t.seller.pack.all },
    { value: storeDay(timeZone, 0), label: t.seller.pack.today },
    { value: storeDay(timeZone, -1), label: t.seller.pack.tomorrow },
  ];
  const [day, setDay] = useState('');
  const pickList = usePickList(day);
  const orders = useSellerOrders({ status: waiting, ...(day ? { slot: day } : {}) });
  const toPack = (orders.data?.pages.flatMap((p) => p.orders) ?? []).filter((o) => o.status === waiting);

  return (
    <div className="max-w-3xl space-y-6 p-4 md:p-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t.seller.pack.title}</h1>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          {t.seller.pack.day}
          <select value={day} onChange={(e) => setDay(e.target.value)} className="min-h-12 rounded-lg border border-stone-300 bg-white px-3 text-base">
            {days.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <section aria-labelledby="pick-list">
        <h2 id="pick-list" className="text-lg font-semibold text-slate-900">
          {t.seller.pack.pickList(pickList.data?.orders ?? 0)}
        </h2>
        {pickList.data && <PickList key={day} lines={pickList.data.lines} />}
      </section>
      <section aria-labelledby="to-pack" className="space-y-4">
        <h2 id="to-pack" className="text-lg font-semibold text-slate-900">
          {t.seller.pack.orders}
        </h2>
        {orders.data && toPack.length === 0 && <p className="text-slate-600">{t.seller.pack.nothing}</p>}
        {toPack.map((o) => (
          <OrderToPack key={o._id} order={o} />
        ))}
        {orders.hasNextPage && (
          <button type="button" onClick={() => void orders.fetchNextPage()} className="min-h-11 rounded-lg border border-stone-300 px-4">
            {t.products.showMore}
          </button>
        )}
      </section>
    </div>
  );
}

/** PickList lists the products to take, by category, each ticked off when taken (on this phone, until the day changes). */
function PickList({ lines }: { lines: PickLine[] }) {
  const [taken, setTaken] = useState<Set<string>>(new Set());
  if (lines.length === 0) return <p className="mt-2 text-slate-600">{t.seller.pack.nothing}</p>;
  const categories = [...new Set(lines.map((l) => l.category))];
  return (
    <div className="mt-2 space-y-4">
      {categories.map((c) => (
        <div key={c}>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t.categoryName[c]}</h3>
          <ul className="mt-1 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
            {lines
              .filter((l) => l.category === c)
              .map((l) => (
                <li key={l.product}>
                  <label className={`flex min-h-14 items-center gap-3 px-3 py-2 ${taken.has(l.product) ? 'text-slate-400 line-through' : 'text-slate-900'}`}>
                    <input
                      type="checkbox"
                      checked={taken.has(l.product)}
                      onChange={() => {
                        const next = new Set(taken);
                        if (!next.delete(l.product)) next.add(l.product);
                        setTaken(next);
                      }}
                      className="h-6 w-6 shrink-0 accent-green-700"
                    />
                    {l.image && <img {...photo(l.image, photoSizes.cartLine)} alt="" width={40} height={40} className="h-10 w-10 shrink-0 object-contain" />}
                    <span className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">{nameIn(l, language())}</span>
                    <span className="whitespace-nowrap text-lg font-semibold tabular-nums">
                      {l.soldBy === 'weight' ? t.product.grams(l.grams ?? 0) : `× ${localDigits(String(l.quantity), language())}`}
                    </span>
                    <span className="sr-only">{t.seller.pack.forOrders(l.orders)}</span>
                  </label>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** OrderToPack is one order waiting at the shelf: who it is for, and its packing form. */
function OrderToPack({ order: o }: { order: SellerOrder }) {
  const action = useOrderAction(o._id);
  return (
    <article aria-label={t.orders.orderLabel(o.number)} className="rounded-2xl border border-stone-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">
        {t.orders.number(o.number)} · {o.address.firstName} {o.address.lastName}
      </h3>
      <PackForm
        order={o}
        busy={action.isPending}
        onPack={(lines) =>
          action.mutate(
            { kind: 'pack', lines },
            { onSuccess: (r) => r.message && toast.success(r.message), onError: (err) => toast.error(err.message) },
          )
        }
      />
    </article>
  );
}

