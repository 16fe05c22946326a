import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import type { CashSheet } from '../../lib/contract';
import { useStoreConfig } from '../../lib/config';
import { storeName, useStoreSettings } from '../../lib/store';
import { RowSkeleton } from '../../components/Spinner';
import TextField from '../../components/TextField';
import { t } from '../../i18n';
import { storeDay, ordersWith } from '../seller-orders';
import { useCashSheets, useHandOver } from './cash';

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const cell = 'px-2 py-1.5 text-left align-top';
const amountCell = 'px-2 py-1.5 text-right tabular-nums whitespace-nowrap';

/**
 * CashSheets is the riders' cash of a day of the store, a sheet each, laid out to print: the cash
 * orders each delivered, what they handed in and the difference, carried from earlier days until
 * settled. On today's sheets the owner records what a rider hands in.
 */
export default function CashSheets() {
  const [params, setParams] = useSearchParams();
  const { timeZone } = useStoreConfig();
  const name = storeName(useStoreSettings());
  const asked = params.get('date') ?? '';
  const date = isDate(asked) ? asked : '';
  const query = useCashSheets(date);
  const data = query.data;
  const shown = data?.date ?? (date || storeDay(timeZone));

  return (
    <div className="max-w-4xl p-4 md:p-10 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3 print:hidden">
        <h1 className="text-2xl font-bold text-slate-900">{t.seller.cash.title}</h1>
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm text-slate-700">
            {t.seller.cash.day}
            <input
              type="date"
              value={shown}
              max={storeDay(timeZone)}
              onChange={(e) => setParams(isDate(e.target.value) ? { date: e.target.value } : {}, { replace: true })}
              className="mt-1 block min-h-11 rounded-lg border border-stone-300 px-3 text-slate-900"
            />
          </label>
          <button type="button" onClick={() => window.print()} className="min-h-11 rounded-lg border border-stone-300 bg-white px-5 text-sm font-medium hover:bg-stone-100">
            {t.seller.cash.print}
          </button>
        </div>
      </div>
      <header className="mb-4 hidden border-b-2 border-slate-900 pb-2 print:block">
        <p className="text-xl font-bold">{name}</p>
        <h1 className="text-lg font-semibold">{t.seller.cash.sheetFor(`${t.slots.day(shown)} (${shown})`)}</h1>
      </header>
      <p className="mb-4 text-slate-700 print:hidden" data-testid="cash-day">
        {t.seller.cash.sheetFor(`${t.slots.day(shown)} (${shown})`)}
      </p>
      {query.isPending ? (
        <div className="space-y-4" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
          <RowSkeleton tall />
        </div>
      ) : !data ? null : data.sheets.length === 0 ? (
        <p className="text-slate-600">{t.seller.cash.noRiders}</p>
      ) : (
        <div className="space-y-6 print:space-y-8">
          {!data.today && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 print:hidden">{t.seller.cash.pastDay}</p>}
          {data.sheets.map((s) => (
            <RiderSheet key={s.rider._id} sheet={s} today={data.today} />
          ))}
        </div>
      )}
    </div>
  );
}

/** RiderSheet is one rider's sheet: cash by order, QR payments, handovers, and what is left to settle. */
function RiderSheet({ sheet: s, today }: { sheet: CashSheet; today: boolean }) {
  const { money, timeZone } = useStoreConfig();
  const id = `rider-${s.rider._id}`;
  return (
    <section aria-labelledby={id} data-testid="cash-sheet" className="rounded-2xl border border-stone-200 bg-white p-3 sm:p-4 md:p-6 print:break-inside-avoid print:rounded-none print:border-0 print:border-b print:p-0 print:pb-6">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {s.rider.name}
      </h2>
      <div className="mt-3 grid gap-6 md:grid-cols-2 print:grid-cols-2">
        <div className="min-w-0">
          <h3 className="font-medium text-slate-800">{t.seller.cash.collected}</h3>
          {s.collected.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t.seller.cash.noCash}</p>
          ) : (
            <table className="mt-1 w-full text-sm">
              <thead className="border-b border-stone-200 text-slate-600">
                <tr>
                  <th scope="col" className={cell}>{t.seller.cash.order}</th>
                  <th scope="col" className={amountCell}>{t.seller.cash.amount}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {s.collected.map((c) => (
                  <tr key={c.order}>
                    <td className={cell}>
                      <Link to={ordersWith({ q: String(c.number) })} className="text-green-800 underline-offset-2 hover:underline print:text-slate-900">
                        {t.orders.number(c.number)}
                      </Link>
                    </td>
                    <td className={amountCell}>{money(c.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-400 font-semibold">
                <tr>
                  <th scope="row" className={cell}>{t.seller.cash.collected}</th>
                  <td className={amountCell} data-testid="collected-total">{money(s.collectedTotal)}</td>
                </tr>
              </tfoot>
            </table>
          )}
          <h3 className="mt-4 font-medium text-slate-800">{t.seller.cash.qr}</h3>
          {s.qr.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t.seller.cash.noQR}</p>
          ) : (
            <ul className="mt-1 text-sm">
              {s.qr.map((q) => (
                <li key={q.order} className="flex justify-between gap-3">
                  <span>{t.orders.number(q.number)}</span>
                  <span className="tabular-nums">{money(q.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="min-w-0">
          <h3 className="font-medium text-slate-800">{t.seller.cash.handedIn}</h3>
          {s.handedIn.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">{t.seller.cash.nothingHandedIn}</p>
          ) : (
            <table className="mt-1 w-full text-sm">
              <thead className="border-b border-stone-200 text-slate-600">
                <tr>
                  <th scope="col" className={cell}>{t.seller.cash.time}</th>
                  <th scope="col" className={cell}>{t.seller.cash.note}</th>
                  <th scope="col" className={amountCell}>{t.seller.cash.amount}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {s.handedIn.map((h) => (
                  <tr key={h._id}>
                    <td className={cell}>
                      <time dateTime={h.at}>{t.orders.placedAtIn(h.at, timeZone)}</time>
                      <span className="block text-xs text-slate-500">{h.by || t.seller.cash.owner}</span>
                    </td>
                    <td className={`${cell} [overflow-wrap:anywhere]`}>{h.note}</td>
                    <td className={amountCell}>{money(h.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <dl className="mt-4 space-y-1 border-t-2 border-slate-900 pt-2 text-sm">
            {s.carried !== 0 && <Row label={t.seller.cash.carried} value={money(s.carried)} testId="carried" />}
            <Row label={t.seller.cash.collected} value={money(s.collectedTotal)} />
            <Row label={t.seller.cash.handedIn} value={money(s.handedInTotal)} />
            <Difference value={s.difference} />
          </dl>
        </div>
      </div>
      {today && <HandoverForm riderID={s.rider._id} riderName={s.rider.name} />}
      <div className="mt-10 hidden grid-cols-2 gap-10 text-sm print:grid">
        <p className="border-t border-slate-900 pt-1">{t.seller.cash.riderSigns}</p>
        <p className="border-t border-slate-900 pt-1">{t.seller.cash.ownerSigns}</p>
      </div>
    </section>
  );
}

/** Row is one figure of a sheet's summary. */
function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-slate-700">{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>{value}</dd>
    </div>
  );
}

/** Difference is what the rider still owes (red), was handed in beyond what was collected (amber), or Settled. */
function Difference({ value }: { value: number }) {
  const { money } = useStoreConfig();
  const [label, tone] = value > 0 ? [t.seller.cash.owes, 'text-red-700'] : value < 0 ? [t.seller.cash.over, 'text-amber-800'] : [t.seller.cash.settled, 'text-green-800'];
  return (
    <div className={`flex justify-between gap-3 text-base font-bold ${tone} print:text-slate-900`}>
      <dt>
        {t.seller.cash.difference}: {label}
      </dt>
      <dd className="tabular-nums" data-testid="difference">{money(Math.abs(value))}</dd>
    </div>
  );
}

/** HandoverForm records cash the rider hands in now; a correction is a negative amount with a note. */
function HandoverForm({ riderID, riderName }: { riderID: string; riderName: string }) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const handOver = useHandOver();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    handOver.mutate({ rider: riderID, amount, note }, { onSuccess: () => (setAmount(''), setNote('')) });
  };
  return (
    <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-3 border-t border-stone-100 pt-4 print:hidden" aria-label={t.seller.cash.recordFor(riderName)}>
      <TextField label={t.seller.cash.amountLabel(riderName)} labelClass="block w-40 text-sm text-slate-700" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required className="mt-1 w-full" />
      <TextField label={t.seller.cash.noteLabel} labelClass="block min-w-48 flex-1 text-sm text-slate-700" value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} className="mt-1 w-full" />
      <button type="submit" disabled={handOver.isPending} className="min-h-11 rounded-lg bg-green-700 px-5 font-medium text-white hover:bg-green-800 disabled:opacity-60">
        {handOver.isPending ? t.seller.cash.saving : t.seller.cash.save}
      </button>
    </form>
  );
}
