import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import TextField from '../../components/TextField';
import { RowSkeleton } from '../../components/Spinner';
import { inputClass } from '../../components/styles';
import { CATEGORIES, COUPON_KINDS, MAX_COUPON_CODE, MAX_PAGE_SIZE, type Category, type Coupon, type CouponKind, type CouponRequest } from '../../lib/contract';
import { useStoreConfig } from '../../lib/config';
import { toMinor } from '../../lib/money';
import { toAsciiDigits } from '../../i18n/digits';
import { t } from '../../i18n';
import { dayOf, startOfDay, useCoupons, useSaveCoupon } from './coupons';
import { useSellerProductsFound } from '../seller-products';

/** Draft is the coupon form as the owner fills it in: numbers as typed, days as YYYY-MM-DD in Nepal. */
type Draft = {
  _id?: string;
  code: string;
  kind: CouponKind;
  value: string;
  minimumOrder: string;
  starts: string;
  lastDay: string;
  totalUses: string;
  usesPerShopper: string;
  firstOrderOnly: boolean;
  categories: Category[];
  products: string[];
  active: boolean;
};

const empty: Draft = { code: '', kind: 'percent', value: '', minimumOrder: '', starts: '', lastDay: '', totalUses: '', usesPerShopper: '1', firstOrderOnly: false, categories: [], products: [], active: true };

/** draftOf is a saved coupon as the form shows it. */
const draftOf = (c: Coupon): Draft => ({
  _id: c._id,
  code: c.code,
  kind: c.kind,
  value: c.kind === 'freeDelivery' ? '' : String(c.value),
  minimumOrder: c.minimumOrder > 0 ? String(c.minimumOrder) : '',
  starts: c.startsAt ? dayOf(c.startsAt) : '',
  lastDay: c.endsAt ? dayOf(c.endsAt, true) : '',
  totalUses: c.totalUses > 0 ? String(c.totalUses) : '',
  usesPerShopper: c.usesPerShopper > 0 ? String(c.usesPerShopper) : '',
  firstOrderOnly: c.firstOrderOnly,
  categories: c.categories,
  products: c.products,
  active: c.active,
});

/** whole reads a count as typed (Devanagari digits too); empty is 0, no limit. */
const whole = (s: string) => Number(toAsciiDigits(s.trim()) || '0');

/** requestOf is the draft as the server takes it: it checks every rule and says what it refuses. */
const requestOf = (d: Draft): CouponRequest => ({
  ...(d._id ? { _id: d._id } : {}),
  code: d.code,
  kind: d.kind,
  value: d.kind === 'freeDelivery' ? 0 : toAsciiDigits(d.value.trim()) || '0',
  minimumOrder: toAsciiDigits(d.minimumOrder.trim()) || '0',
  startsAt: d.starts ? startOfDay(d.starts) : null,
  endsAt: d.lastDay ? startOfDay(d.lastDay, true) : null,
  totalUses: whole(d.totalUses),
  usesPerShopper: whole(d.usesPerShopper),
  firstOrderOnly: d.firstOrderOnly,
  categories: d.categories,
  products: d.products,
  active: d.active,
});

/**
 * Coupons is the owner's page of discount codes (/seller/coupons): the form that makes or changes
 * one, and every code with what it gives, its rules, its days in BS and AD, how often it was used
 * and the discount given. A code is switched off and on from the list.
 */
export default function Coupons() {
  const query = useCoupons();
  const [draft, setDraft] = useState<Draft>(empty);
  // Each coupon saved starts the form afresh.
  const [round, setRound] = useState(0);
  const text = t.seller.coupons;
  return (
    <div className="p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{text.title}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{text.intro}</p>
      <CouponForm
        key={`${draft._id ?? 'new'}-${round}`}
        draft={draft}
        onDone={() => {
          setDraft(empty);
          setRound((r) => r + 1);
        }}
      />
      <h2 className="mt-8 font-semibold text-slate-900">{text.list}</h2>
      {query.isPending ? (
        <div className="mt-3 max-w-4xl" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
        </div>
      ) : (query.data ?? []).length === 0 ? (
        <p className="mt-2 max-w-4xl rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-slate-600" role="status">
          {text.none}
        </p>
      ) : (
        <ul className="mt-3 max-w-4xl space-y-3">
          {(query.data ?? []).map((c) => (
            <CouponRow
              key={c._id}
              coupon={c}
              onEdit={() => {
                setDraft(draftOf(c));
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** CouponRow is one code in the list: what it gives, its rules and uses, and its switch. */
function CouponRow({ coupon: c, onEdit }: { coupon: Coupon; onEdit: () => void }) {
  const { moneyMinor } = useStoreConfig();
  const save = useSaveCoupon();
  const text = t.seller.coupons;
  const gives = c.kind === 'percent' ? text.percentOff(String(c.value)) : c.kind === 'amount' ? text.amountOff(moneyMinor(toMinor(c.value))) : text.freeDelivery;
  const rules = [
    c.minimumOrder > 0 ? text.from(moneyMinor(toMinor(c.minimumOrder))) : '',
    c.startsBs && c.startsAt ? text.starts(t.invoice.bsDate(c.startsBs), dayOf(c.startsAt)) : '',
    c.lastBs && c.endsAt ? text.ends(t.invoice.bsDate(c.lastBs), dayOf(c.endsAt, true)) : '',
    c.usesPerShopper > 0 ? text.perShopper(c.usesPerShopper) : '',
    c.firstOrderOnly ? text.firstOnly : '',
    c.categories.length > 0 ? c.categories.map((cat) => t.categories[cat] ?? cat).join(', ') : '',
    c.products.length > 0 ? text.products(c.products.length) : '',
  ].filter(Boolean);
  function toggle() {
    save.mutate({ ...requestOf(draftOf(c)), active: !c.active }, { onError: (e) => toast.error(e.message) });
  }
  return (
    <li className={`rounded-xl border bg-white p-4 ${c.active ? 'border-stone-200' : 'border-dashed border-stone-300 opacity-75'}`} data-testid={`coupon-${c.code}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 break-words">
          <span className="font-mono text-lg font-semibold text-slate-900">{c.code}</span> <span className="text-green-800">{gives}</span>
          {!c.active && <span className="ml-2 rounded bg-stone-100 px-2 py-0.5 text-xs text-slate-600">{text.off}</span>}
        </p>
        <p className="text-sm text-slate-700 tabular-nums" data-testid="coupon-used">
          {c.totalUses > 0 ? text.usedOf(c.used, c.totalUses) : text.used(c.used)} · {text.given(moneyMinor(toMinor(c.given)))}
        </p>
      </div>
      {rules.length > 0 && <p className="mt-1 text-sm text-slate-600">{rules.join(' · ')}</p>}
      <div className="mt-2 flex gap-2">
        <button type="button" onClick={onEdit} className="min-h-11 rounded-lg border border-stone-300 px-3 text-sm font-medium text-slate-700 hover:bg-stone-50">
          {text.edit}
        </button>
        <button type="button" onClick={toggle} disabled={save.isPending} className="min-h-11 rounded-lg border border-stone-300 px-3 text-sm font-medium text-slate-700 hover:bg-stone-50">
          {c.active ? text.switchOff : text.switchOn}
        </button>
      </div>
    </li>
  );
}

/** CouponForm makes a coupon, or changes the one the draft is of. */
function CouponForm({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const [d, setD] = useState<Draft>(draft);
  const [error, setError] = useState('');
  const save = useSaveCoupon();
  const text = t.seller.coupons;
  const set = (change: Partial<Draft>) => setD((was) => ({ ...was, ...change }));
  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    save.mutate(requestOf(d), {
      onSuccess: (r) => {
        toast.success(r.message || text.saved);
        onDone();
      },
      onError: (err) => setError(err.message),
    });
  }
  return (
    <form onSubmit={submit} aria-label={d._id ? text.editTitle(d.code) : text.newTitle} className="mt-6 max-w-4xl space-y-4 rounded-xl border border-stone-200 bg-white p-4 text-sm text-slate-700">
      <h2 className="font-semibold text-slate-900">{d._id ? text.editTitle(d.code) : text.newTitle}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={text.code} value={d.code} maxLength={MAX_COUPON_CODE} autoCapitalize="characters" onChange={(e) => set({ code: e.target.value.toUpperCase() })} className="font-mono uppercase" required />
        <label className="block">
          {text.kind}
          <select value={d.kind} onChange={(e) => set({ kind: e.target.value as CouponKind })} className={`${inputClass} mt-1`}>
            {COUPON_KINDS.map((k) => (
              <option key={k} value={k}>
                {text.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        {d.kind !== 'freeDelivery' && (
          <TextField label={d.kind === 'percent' ? text.percent : text.amount} inputMode="decimal" value={d.value} onChange={(e) => set({ value: e.target.value })} required />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={text.minimumOrder} inputMode="decimal" value={d.minimumOrder} onChange={(e) => set({ minimumOrder: e.target.value })} />
        <TextField label={text.startsOn} type="date" value={d.starts} onChange={(e) => set({ starts: e.target.value })} />
        <TextField label={text.lastDay} type="date" value={d.lastDay} onChange={(e) => set({ lastDay: e.target.value })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={text.totalUses} inputMode="numeric" value={d.totalUses} onChange={(e) => set({ totalUses: e.target.value })} />
        <TextField label={text.usesPerShopper} inputMode="numeric" value={d.usesPerShopper} onChange={(e) => set({ usesPerShopper: e.target.value })} />
        <label className="flex min-h-11 items-center gap-2 self-end">
          <input type="checkbox" checked={d.firstOrderOnly} onChange={(e) => set({ firstOrderOnly: e.target.checked })} className="size-5 accent-green-700" />
          {text.firstOrderOnly}
        </label>
      </div>
      <fieldset>
        <legend>{text.categories}</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {CATEGORIES.map((cat) => (
            <label key={cat} className="flex min-h-11 items-center gap-2 rounded-lg border border-stone-300 px-3">
              <input
                type="checkbox"
                checked={d.categories.includes(cat)}
                onChange={(e) => set({ categories: e.target.checked ? [...d.categories, cat] : d.categories.filter((c) => c !== cat) })}
                className="accent-green-700"
              />
              {t.categories[cat] ?? cat}
            </label>
          ))}
        </div>
      </fieldset>
      <ProductPicker chosen={d.products} onChange={(products) => set({ products })} />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={d.active} onChange={(e) => set({ active: e.target.checked })} className="size-5 accent-green-700" />
        {text.active}
      </label>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={save.isPending} className="min-h-11 rounded-lg bg-green-700 px-5 font-semibold text-white hover:bg-green-800 disabled:bg-stone-300">
          {text.save}
        </button>
        {d._id && (
          <button type="button" onClick={onDone} className="min-h-11 rounded-lg border border-stone-300 px-4 font-medium text-slate-700">
            {text.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** PICKS is how many products matching what the owner typed the picker offers at once. */
const PICKS = 8;

/** ProductPicker chooses the products a coupon is limited to (besides its categories): typed names find them, chosen ones show as chips. */
function ProductPicker({ chosen, onChange }: { chosen: string[]; onChange: (products: string[]) => void }) {
  const [q, setQ] = useState('');
  // The server finds the products by name among all of them; those chosen already are left out.
  const { found, named } = useSellerProductsFound(q, Math.min(MAX_PAGE_SIZE, PICKS + chosen.length), chosen);
  const text = t.seller.coupons;
  const matches = found.filter((p) => !chosen.includes(p._id)).slice(0, PICKS);
  const name = (id: string) => named.find((p) => p._id === id)?.name ?? found.find((p) => p._id === id)?.name ?? id;
  return (
    <fieldset>
      <legend>{text.productsLabel}</legend>
      {chosen.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {chosen.map((id) => (
            <li key={id} className="flex min-h-11 items-center gap-1 rounded-lg border border-green-200 bg-green-50 pl-3">
              <span className="break-words">{name(id)}</span>
              <button type="button" aria-label={text.removeProduct(name(id))} onClick={() => onChange(chosen.filter((c) => c !== id))} className="min-h-11 px-3 text-green-800">
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <TextField label={text.findProduct} labelClass="mt-2 block sm:max-w-sm" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      {matches.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={text.matches}>
          {matches.map((p) => (
            <li key={p._id}>
              <button
                type="button"
                onClick={() => {
                  onChange([...chosen, p._id]);
                  setQ('');
                }}
                className="min-h-11 rounded-lg border border-stone-300 px-3 text-left hover:bg-stone-50"
              >
                + {p.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
