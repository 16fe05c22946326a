import { useState } from 'react';
import { SUBSTITUTE_ANSWER_MINUTES, type OrderItem, type PackLine, type PackSubstitute, type SellerOrder } from '../../lib/contract';
import { language, t } from '../../i18n';
import { withAsciiDigits } from '../../i18n/digits';
import { nameIn } from '../../lib/catalogue';
import { amountText, byWeight } from '../../lib/weight';
import { useProductSearch, useProductsById } from '../products';

/** Swap is the substitute the packer chose for an item: the product, whether it is sold by weight, and how many or what it weighed as typed. */
interface Swap {
  product: string;
  weighed: boolean;
  amount: string;
}

/** named is the product the shopper named as the item's substitute, or ''. */
const named = (it: OrderItem) => (it.substitute && it.substitute !== 'best' && it.substitute !== 'none' ? it.substitute : '');

/**
 * SubstitutePick chooses what is sent instead of what was not there of an item: nothing, the
 * product the shopper named (chosen at first), or another of the item's category; then how many,
 * or what it weighed. A shopper who asked to leave the item out is told, and nothing is offered.
 */
function SubstitutePick({ item, order, swap, missing, onChange }: { item: OrderItem; order: SellerOrder; swap: Swap | undefined; missing: number; onChange: (s: Swap | undefined) => void }) {
  const inOrder = new Set(order.items.map((i) => i.product._id));
  const shopperNamed = named(item);
  const { products: found } = useProductSearch({ category: item.product.category, limit: 24 });
  const { products: namedProducts } = useProductsById(shopperNamed ? [shopperNamed] : []);
  const candidates = [...namedProducts, ...found.filter((p) => p._id !== shopperNamed)].filter((p) => !inOrder.has(p._id));
  const id = `swap-${order._id}-${item.product._id}`;
  if (item.substitute === 'none') return <p className="w-full text-sm text-slate-600">{t.seller.leftOut}</p>;
  const chosen = candidates.find((p) => p._id === swap?.product);
  return (
    <div className="grid w-full gap-2 rounded-lg bg-white/70 p-2">
      <label className="flex min-w-0 flex-col gap-1 text-sm text-slate-700">
        {t.seller.sendInstead(nameIn(item.product, language()))}
        <select
          id={id}
          value={swap?.product ?? ''}
          onChange={(e) => {
            const p = candidates.find((c) => c._id === e.target.value);
            onChange(p ? { product: p._id, weighed: byWeight(p), amount: byWeight(p) ? '' : String(missing) } : undefined);
          }}
          className="min-h-12 w-full rounded-lg border border-stone-300 bg-white px-3 text-base"
        >
          <option value="">{t.seller.sendNothing}</option>
          {candidates.map((p) => (
            <option key={p._id} value={p._id}>
              {p._id === shopperNamed ? `${nameIn(p, language())} (${t.seller.subNamed})` : nameIn(p, language())}
            </option>
          ))}
        </select>
      </label>
      {swap && chosen && (
        <label className="flex items-center justify-between gap-2 text-sm text-slate-700">
          {swap.weighed ? t.seller.subGrams : t.seller.subCount}
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            required
            value={swap.amount}
            onChange={withAsciiDigits((e) => onChange({ ...swap, amount: e.target.value.trim() }))}
            className="min-h-12 w-28 rounded-lg border border-stone-300 bg-white px-3 text-right text-lg tabular-nums"
          />
        </label>
      )}
      {swap && chosen && <p className="text-xs text-slate-600">{chosen._id === shopperNamed ? t.seller.namedCosts : t.seller.offerCosts(SUBSTITUTE_ANSWER_MINUTES)}</p>}
    </div>
  );
}

/** substituteOf is the packing's substitute for a swap, with its count or weight. */
const substituteOf = (swap: Swap): PackSubstitute =>
  swap.weighed ? { product: swap.product, grams: Number(swap.amount) } : { product: swap.product, quantity: Number(swap.amount) };

/**
 * PackForm is the packing of an order at the shelf: each item sold by weight with the grams the
 * scale shows, each other with how many were packed (all ordered at first; fewer when short). The
 * server settles the bill from it; a weight not given yet keeps the button off.
 */
export default function PackForm({ order: o, busy, onPack, onClose }: { order: SellerOrder; busy: boolean; onPack: (lines: PackLine[]) => void; onClose?: () => void }) {
  const [grams, setGrams] = useState<Record<string, string>>({});
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [swaps, setSwaps] = useState<Record<string, Swap | undefined>>({});
  const weighed = o.items.filter((it) => byWeight(it.product));
  // What was not there of an item: the units short, or all of goods sold by weight that weighed nothing.
  const missing = (it: OrderItem) => (byWeight(it.product) ? (grams[it.product._id] === '0' ? 1 : 0) : it.quantity - (counts[it.product._id] ?? it.quantity));
  const swapOf = (it: OrderItem) => (missing(it) > 0 ? swaps[it.product._id] : undefined);
  const ready =
    weighed.every((it) => /^\d+$/.test(grams[it.product._id] ?? '')) &&
    o.items.every((it) => {
      const swap = swapOf(it);
      return !swap || /^[1-9]\d*$/.test(swap.amount);
    });
  const pack = () =>
    onPack(
      o.items.map((it): PackLine => {
        const line: PackLine = byWeight(it.product)
          ? { product: it.product._id, grams: Number(grams[it.product._id]) }
          : { product: it.product._id, quantity: counts[it.product._id] ?? it.quantity };
        const swap = swapOf(it);
        return swap ? { ...line, substitute: substituteOf(swap) } : line;
      }),
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
                    onChange={withAsciiDigits((e) => setGrams({ ...grams, [it.product._id]: e.target.value.trim() }))}
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
              {missing(it) > 0 && (
                <SubstitutePick item={it} order={o} swap={swaps[it.product._id]} missing={missing(it)} onChange={(swap) => setSwaps({ ...swaps, [it.product._id]: swap })} />
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
