import type { Slot } from '../../lib/contract';
import { slotTime } from '../../lib/slots';
import { t } from '../../i18n';

/** SlotPicker offers today's and tomorrow's delivery slots: open ones to choose, full ones and those past their cut-off greyed out with the reason. It shows nothing while the store offers no slots. */
export default function SlotPicker({ slots, chosen, onChoose }: { slots: Slot[]; chosen: string | null; onChoose: (id: string) => void }) {
  if (slots.length === 0) return null;
  const days = [...new Set(slots.map((s) => s.day))];
  const open = slots.some((s) => s.state === 'open');
  return (
    <fieldset className="mt-6">
      <legend className="font-medium text-slate-700">{t.slots.title}</legend>
      {!open && <p className="mt-2 text-slate-500">{t.slots.none}</p>}
      {days.map((day, i) => (
        <div key={day} className="mt-3">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {i === 0 ? t.slots.today : t.slots.tomorrow} · {t.slots.day(day)}
          </p>
          <ul className="mt-1 grid grid-cols-2 gap-2">
            {slots
              .filter((s) => s.day === day)
              .map((s) => {
                const can = s.state === 'open';
                const on = chosen === s.id;
                return (
                  <li key={s.id}>
                    <label
                      className={`flex min-h-12 flex-col justify-center rounded-lg border px-3 py-1.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-300 ${
                        !can ? 'cursor-not-allowed border-stone-200 bg-stone-100 text-slate-500' : on ? 'cursor-pointer border-green-700 bg-green-50 text-green-900' : 'cursor-pointer border-stone-300 bg-white text-slate-700'
                      }`}
                    >
                      <input type="radio" name="slot" value={s.id} checked={on} disabled={!can} onChange={() => onChoose(s.id)} className="sr-only" />
                      <span className="font-medium">{slotTime(s)}</span>
                      <span className="text-xs">{s.state === 'full' ? t.slots.full : s.state === 'closed' ? t.slots.closed : t.slots.left(s.remaining)}</span>
                    </label>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}
