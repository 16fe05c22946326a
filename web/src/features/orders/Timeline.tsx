import { useState } from 'react';
import { language, t } from '../../i18n';
import type { UserOrder } from '../../lib/contract';
import { telHref } from '../../lib/address';
import { toDevanagariDigits } from '../../i18n/digits';

/**
 * Timeline is where a shopper's order stands: while it is out for delivery, who brings it with a
 * button to call them and the handover code to tell them at the door; then each step it took.
 */
export default function Timeline({ order: o }: { order: UserOrder }) {
  const rider = o.rider;
  // The steps are drawn only while open: closed, the card says nothing twice.
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4 text-sm">
      {rider && (
        <div className="rounded-xl border border-green-200 bg-green-50 p-3 text-slate-800" role="status">
          <p className="font-medium">{t.timeline.rider(rider.name)}</p>
          {o.handoverCode && (
            <p className="mt-1">
              {t.timeline.code}{' '}
              <strong aria-label={t.timeline.codeLabel} className="font-mono text-lg tracking-widest text-green-900">
                {language() === 'ne' ? toDevanagariDigits(o.handoverCode) : o.handoverCode}
              </strong>
            </p>
          )}
          {rider.phone && (
            <a href={telHref(rider.phone)} className="mt-2 inline-flex min-h-11 items-center rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800">
              {t.timeline.call(rider.name)}
            </a>
          )}
        </div>
      )}
      {o.events.length > 0 && (
        <details className="mt-2" onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-700">{t.timeline.title}</summary>
          {open && (
          <ol className="space-y-1 border-l-2 border-green-200 pl-3 text-slate-600">
            {o.events.map((e, i) => (
              <li key={i}>
                <time dateTime={e.at}>{t.orders.placedAt(e.at)}</time> <span className="font-medium text-slate-800">{t.orderStep[e.status]}</span>
                {e.note && e.status !== 'Refunded' && <span> · {t.timeline.notes[e.note] ?? e.note}</span>}
              </li>
            ))}
          </ol>
          )}
        </details>
      )}
    </div>
  );
}
