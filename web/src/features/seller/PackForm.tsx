import { useState } from 'react';
import type { PackLine, SellerOrder } from '../../lib/contract';
import { language, t } from '../../i18n';
import { nameIn } from '../../lib/catalogue';
import { amountText, byWeight } from '../../lib/weight';

/**
 * PackForm is the packing of an order at the shelf: each item sold by weight with the grams the
 * scale shows, each other with how many were packed (all ordered at first; fewer when short). The
 * server settles the bill from it; a weight not given yet keeps the button off.
 */
export default function PackForm({ order: o, busy, onPack, onClose }: { order: SellerOrder; busy: boolean; onPack: (lines: PackLine[]) => void; onClose?: () => void }) {
  const [grams, setGrams] = useState<Record<string, string>>({});
  const [counts, setCounts] = useState<Record<string, number>>({});
  const weighed = o.items.filter((it) => byWeight(it.product));
  const ready = weighed.every((it) => /^\d+$/.test(grams[it.product._id] ?? ''));
  const pack = () =>
    onPack(
      o.items.map((it): PackLine =>
        byWeight(it.product)
          ? { product: it.product._id, grams: Number(grams[it.product._id]) }
          : { product: it.product._id, quantity: counts[it.product._id] ?? it.quantity },
      ),
    );
  return (
    <form
      className="mt-4 space-y-3 rounded-xl border border-green-200 bg-green-50/60 p-3"
      aria-label={t.seller.packOrder(o.number)}
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) pack();
      }}
    >
      <p className="text-sm text-slate-700">{t.seller.packHint}</p>
      <ul className="space-y-2">
        {o.items.map((it) => {
          const name = nameIn(it.product, language());
          const id = `pack-${o._id}-${it.product._id}`;
          return (
            <li key={it.product._id} className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor={id} className="min-w-0 font-medium text-slate-900 [overflow-wrap:anywhere]">
                {name} <span className="whitespace-nowrap font-normal text-slate-600">{t.seller.ordered(amountText(it.product, it.quantity))}</span>
              </label>
              {byWeight(it.product) ? (
                <span className="flex items-center gap-2">
                  <input
                    id={id}
                    inputMode="numeric"
                    pattern="[0-9]*"
                    required
                    value={grams[it.product._id] ?? ''}
                    onChange={(e) => setGrams({ ...grams, [it.product._id]: e.target.value.trim() })}
                    className="min-h-12 w-28 rounded-lg border border-stone-300 bg-white px-3 text-right text-lg tabular-nums"
                    aria-describedby={`${id}-unit`}
                  />
                  <span id={`${id}-unit`} className="text-slate-600">
                    {t.seller.grams}
                  </span>
                </span>
              ) : (
                <select
                  id={id}
                  value={counts[it.product._id] ?? it.quantity}
                  onChange={(e) => setCounts({ ...counts, [it.product._id]: Number(e.target.value) })}
                  className="min-h-12 rounded-lg border border-stone-300 bg-white px-3 text-lg"
                >
                  {Array.from({ length: it.quantity + 1 }, (_, n) => it.quantity - n).map((n) => (
                    <option key={n} value={n}>
                      {n === 0 ? t.seller.noneThere : t.seller.packedCount(n)}
                    </option>
                  ))}
                </select>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        {onClose && (
          <button type="button" onClick={onClose} className="min-h-11 rounded-lg px-4 font-medium text-slate-700 hover:bg-stone-100">
            {t.seller.close}
          </button>
        )}
        <button type="submit" disabled={busy || !ready} className="min-h-11 rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800 disabled:opacity-60">
          {t.seller.packIt}
        </button>
      </div>
    </form>
  );
}
