import { useState, type FormEvent } from 'react';
import { MAX_DELIVERY_WINDOWS, type DeliveryWindow } from '../../lib/contract';
import { clock, minutesOf, slotTime } from '../../lib/slots';
import { inputClass } from '../../components/styles';
import { TrashIcon } from '../../components/icons';
import { t } from '../../i18n';
import { withAsciiDigits } from '../../i18n/digits';
import { useDeliveryWindows, useSaveDeliveryWindows } from './api';

/** Row is a window as the form edits it: times as typed ("08:00"), numbers as typed. */
type Row = { _id: string; start: string; end: string; capacity: string; cutoff: string };

const toRow = (w: DeliveryWindow): Row => ({ _id: w._id, start: clock(w.start), end: clock(w.end), capacity: String(w.capacity), cutoff: String(w.cutoff) });
const toWindow = (r: Row): DeliveryWindow => ({ _id: r._id, start: minutesOf(r.start), end: minutesOf(r.end), capacity: Number(r.capacity), cutoff: Number(r.cutoff) || 0 });

/** DeliverySlots lets the seller set the daily delivery windows shoppers choose from: times, orders per window and a cut-off before each. */
export default function DeliverySlots() {
  const { data, isPending } = useDeliveryWindows();
  if (isPending) return null;
  return <WindowsForm key={JSON.stringify(data ?? [])} saved={data ?? []} />;
}

function WindowsForm({ saved }: { saved: DeliveryWindow[] }) {
  const [rows, setRows] = useState<Row[]>(() => saved.map(toRow));
  const save = useSaveDeliveryWindows();
  const set = (i: number, change: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const add = () =>
    setRows((rs) => {
      const last = rs[rs.length - 1];
      const start = last ? Math.min(minutesOf(last.end), 22 * 60) : 8 * 60;
      return [...rs, { _id: '', start: clock(start), end: clock(start + 120), capacity: '10', cutoff: '60' }];
    });
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(rows.map(toWindow));
  }
  const field = `${inputClass} text-sm`;
  const label = 'block text-xs text-slate-600';
  return (
    <section className="p-4 md:p-8" aria-labelledby="slots-title">
      <h1 id="slots-title" className="text-2xl font-semibold text-slate-900">
        {t.slots.editorTitle}
      </h1>
      <p className="mt-1 max-w-2xl text-sm text-slate-600">{t.slots.intro}</p>
      <form onSubmit={submit} className="mt-6 max-w-3xl space-y-3">
        {rows.length === 0 && <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-slate-500">{t.slots.empty}</p>}
        <ul className="space-y-3">
          {rows.map((r, i) => (
            <li key={i} className="grid grid-cols-2 items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-[1fr_1fr_1fr_1fr_auto]">
              <label className={label}>
                {t.slots.from}
                <input type="time" required value={r.start} onChange={(e) => set(i, { start: e.target.value })} className={`${field} px-2`} />
              </label>
              <label className={label}>
                {t.slots.to}
                <input type="time" required value={r.end} onChange={(e) => set(i, { end: e.target.value })} className={`${field} px-2`} />
              </label>
              <label className={label}>
                {t.slots.capacity}
                <input required inputMode="numeric" pattern="[0-9]*" value={r.capacity} onChange={withAsciiDigits((e) => set(i, { capacity: e.target.value }))} className={field} />
              </label>
              <label className={label}>
                {t.slots.cutoff}
                <input inputMode="numeric" pattern="[0-9]*" value={r.cutoff} onChange={withAsciiDigits((e) => set(i, { cutoff: e.target.value }))} className={field} />
              </label>
              <button
                type="button"
                onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                className="col-span-2 min-h-11 rounded-lg border border-red-200 px-3 text-sm text-red-700 hover:bg-red-50 sm:col-span-1"
                aria-label={t.slots.remove(slotTime(toWindow(r)))}
              >
                <TrashIcon className="mx-auto" />
              </button>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <button type="button" onClick={add} disabled={rows.length >= MAX_DELIVERY_WINDOWS} className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-stone-100 disabled:opacity-50">
            {t.slots.add}
          </button>
          <button type="submit" disabled={save.isPending} className="min-h-11 rounded-lg bg-green-700 px-6 text-sm font-semibold text-white hover:bg-green-800 disabled:opacity-60">
            {t.slots.save}
          </button>
        </div>
      </form>
    </section>
  );
}
