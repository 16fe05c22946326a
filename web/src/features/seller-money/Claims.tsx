import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import { Link } from '../../lib/router';
import { paths } from '../../lib/paths';
import { MAX_REFUND_REASON, type ClaimResolution, type Currency, type OrderClaim } from '../../lib/contract';
import { inputClass } from '../../components/styles';
import { RowSkeleton } from '../../components/Spinner';
import { useStoreConfig } from '../../lib/config';
import { t } from '../../i18n';
import { useClaimsDesk, useOpenSlots, useResolveClaim } from './claims';
import { storeDay } from '../seller-orders';
import { orderSlotText } from '../../lib/slots';

/**
 * Claims is the owner's claims desk (/seller/claims): shoppers' claims about delivered orders, open
 * ones oldest first with their photos and the days left to decide each (the law gives 15), then
 * the latest decided. Each open claim is decided once: a refund the way it was paid, store credit,
 * or a rejection whose written reason the shopper is told.
 */
export default function Claims() {
  const query = useClaimsDesk();
  const claims = query.data ?? [];
  const open = claims.filter((c) => c.state === 'open');
  const decided = claims.filter((c) => c.state !== 'open');
  const text = t.seller.claims;
  return (
    <div className="p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{text.title}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{text.intro}</p>
      <RecordsExport />
      {query.isPending ? (
        <div className="mt-6 max-w-4xl space-y-4" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
        </div>
      ) : (
        <>
          <h2 className="mt-6 font-semibold text-slate-900">{text.open(open.length)}</h2>
          {open.length === 0 ? (
            <p className="mt-2 max-w-4xl rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center text-slate-600" role="status">
              {text.none}
            </p>
          ) : (
            <ul className="mt-3 max-w-4xl space-y-4">
              {open.map((c) => (
                <ClaimCard key={c._id} claim={c} />
              ))}
            </ul>
          )}
          {decided.length > 0 && (
            <>
              <h2 className="mt-8 font-semibold text-slate-900">{text.decided}</h2>
              <ul className="mt-3 max-w-4xl space-y-3">
                {decided.map((c) => (
                  <ClaimCard key={c._id} claim={c} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
}

/** ClaimCard is one claim: its reference, the order and shopper, the lines and photos, and its decision or the form to decide it. */
function ClaimCard({ claim: c }: { claim: OrderClaim }) {
  const { money, timeZone } = useStoreConfig();
  const text = t.seller.claims;
  const days = c.daysLeft ?? 0;
  const urgent = c.state === 'open' && days <= 3;
  return (
    <li aria-label={text.claim(c.reference)} className="rounded-2xl border border-stone-200 bg-white p-4 text-sm text-slate-700 shadow-sm [overflow-wrap:anywhere]">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="text-base font-semibold text-slate-900">{c.reference}</h3>
        <Link to={paths.seller.orders + `?q=%23${c.orderNumber}`} className="font-medium text-green-800 underline">
          {t.orders.number(c.orderNumber)}
        </Link>
        {c.state === 'open' && (
          <span className={`rounded-full px-3 py-0.5 text-xs font-semibold ${urgent ? 'bg-red-700 text-white' : 'bg-amber-100 text-amber-900'}`}>
            {days < 0 ? text.overdue(-days) : text.daysLeft(days)}
          </span>
        )}
        <span className="ml-auto text-slate-500">{t.orders.placedAtIn(c.createdAt, timeZone)}</span>
      </div>
      {c.shopper && (
        <p className="mt-1">
          {c.shopper}
          {c.phone && (
            <a href={`tel:${c.phone}`} className="ml-2 font-medium text-green-800 underline">
              {c.phone}
            </a>
          )}
        </p>
      )}
      <ul className="mt-2 list-disc pl-5">
        {c.lines.map((l) => (
          <li key={l.product}>
            {text.line(l.name ?? '', l.quantity, t.claim.reasons[l.reason] ?? l.reason)}
          </li>
        ))}
      </ul>
      {c.note && <p className="mt-2 rounded-lg bg-stone-50 p-2 whitespace-pre-line">{c.note}</p>}
      {c.photos.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {c.photos.map((src, i) => (
            <a key={src} href={src} target="_blank" rel="noreferrer" aria-label={text.photo(i + 1)}>
              <img src={src} alt="" width={96} height={96} loading="lazy" className="size-24 rounded-lg border border-stone-200 object-cover" />
            </a>
          ))}
        </div>
      )}
      {c.state === 'open' ? (
        <DecideForm claim={c} />
      ) : (
        <p className="mt-3 rounded-lg bg-stone-50 p-2">
          <span className="font-medium text-slate-900">{text.resolutions[c.resolution ?? 'reject']}</span>
          {c.refund && ` · ${money(c.refund.amount, c.refund.currency as Currency)}`}
          {c.replacement ? ` · ${t.orders.number(c.replacement)}` : ''}
          {c.decision && ` · ${c.decision}`}
        </p>
      )}
    </li>
  );
}

/** DecideForm decides an open claim: the resolution and the reason (required for a rejection). */
function DecideForm({ claim: c }: { claim: OrderClaim }) {
  const text = t.seller.claims;
  const resolve = useResolveClaim();
  const [resolution, setResolution] = useState<ClaimResolution>('refund');
  const [reason, setReason] = useState('');
  // A replacement goes in a delivery slot while the store offers them.
  const slots = useOpenSlots();
  const [slot, setSlot] = useState('');
  const id = `decide-${c._id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    resolve.mutate(
      { id: c._id, resolution, reason, ...(resolution === 'resend' && slots.length > 0 ? { slot: slot || slots[0]?.id } : {}) },
      { onSuccess: (r) => toast.success(r.message), onError: (err) => toast.error(err.message) },
    );
  };
  return (
    <form onSubmit={submit} aria-label={text.decide(c.reference)} className="mt-3 grid gap-2 border-t border-stone-100 pt-3">
      <fieldset>
        <legend className="font-medium text-slate-800">{text.decision}</legend>
        <div className="flex flex-wrap gap-x-5">
          {(['refund', 'credit', 'resend', 'reject'] as const).map((r) => (
            <label key={r} className="flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-resolution`} value={r} checked={resolution === r} onChange={() => setResolution(r)} className="size-4 accent-green-700" />
              {text.resolutions[r]}
            </label>
          ))}
        </div>
      </fieldset>
      {resolution === 'resend' && slots.length > 0 && (
        <label className="font-medium text-slate-800">
          {text.slot}
          <select value={slot || slots[0]?.id} onChange={(e) => setSlot(e.target.value)} className={inputClass}>
            {slots.map((s) => (
              <option key={s.id} value={s.id}>
                {orderSlotText({ id: s.id, day: s.day, start: s.start, end: s.end })}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="font-medium text-slate-800">
        {resolution === 'reject' ? text.rejectReason : text.reason}
        <input
          type="text"
          value={reason}
          maxLength={MAX_REFUND_REASON}
          required={resolution === 'reject'}
          onChange={(e) => setReason(e.target.value)}
          className={inputClass}
        />
      </label>
      <button type="submit" disabled={resolve.isPending} className="min-h-11 w-fit rounded-lg bg-green-700 px-5 font-medium text-white hover:bg-green-800 disabled:opacity-60">
        {text.decideIt}
      </button>
    </form>
  );
}

/** RecordsExport downloads the records the law asks kept, of one kind, for a range of days, as a file for a spreadsheet. */
function RecordsExport() {
  const text = t.seller.claims;
  const { timeZone } = useStoreConfig();
  // The last 30 days of the store's calendar, fixed as the form first shows.
  const [days] = useState(() => ({ from: storeDay(timeZone, 30), to: storeDay(timeZone) }));
  return (
    <form method="get" action="/api/seller/records.csv" aria-label={text.export} className="mt-4 flex max-w-4xl flex-wrap items-end gap-3 text-sm">
      <label className="font-medium text-slate-800">
        {text.exportKind}
        <select name="kind" defaultValue="claims" className={`${inputClass} w-auto`}>
          {(['claims', 'refunds', 'credit-notes'] as const).map((k) => (
            <option key={k} value={k}>
              {text.kinds[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="font-medium text-slate-800">
        {text.from}
        <input type="date" name="from" required defaultValue={days.from} className={`${inputClass} w-auto`} />
      </label>
      <label className="font-medium text-slate-800">
        {text.to}
        <input type="date" name="to" required defaultValue={days.to} className={`${inputClass} w-auto`} />
      </label>
      <button type="submit" className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 font-medium text-slate-800 hover:bg-stone-100">
        {text.exportCsv}
      </button>
    </form>
  );
}
