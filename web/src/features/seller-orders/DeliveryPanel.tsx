import { useState } from 'react';
import { t } from '../../i18n';
import type { OrderEvent, SellerOrder } from '../../lib/contract';
import { useSellerSession } from '../seller-session';
import { useRiders } from '../seller-staff';

/** eventWho names who took a step: the member of staff by name and role, else the kind of actor. */
const eventWho = (e: OrderEvent) => {
  const role = t.seller.history.roles[e.by?.role ?? ''] ?? e.by?.role ?? '';
  return e.by?.name ? `${e.by.name} (${role})` : role;
};

/** eventNote says a step's note in the language shown: a failed delivery's reason, the rider given it, a refund's reference. */
const eventNote = (e: OrderEvent) => {
  const reasons = t.seller.rider.failedReasons as Record<string, string>;
  return reasons[e.note ?? ''] ?? e.note ?? '';
};

/**
 * DeliveryPanel is the rider part of a seller's order card: who it is given to (and the choice of a
 * rider while the server allows it), how its delivery was proved, and its history with who took
 * each step.
 */
export default function DeliveryPanel({ order: o, timeZone, busy, onAssign }: { order: SellerOrder; timeZone: string; busy: boolean; onAssign: (rider: string) => void }) {
  const { seller } = useSellerSession();
  const riders = useRiders(o.canAssign && !!seller?.reach.includes('orders'));
  const list = riders.data ?? [];
  const proof = o.proof;
  // The history is drawn only while open: closed, the card says nothing twice.
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-3 space-y-2 text-sm">
      {o.canAssign && list.length > 0 ? (
        <label className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-800">{t.seller.history.assign}</span>
          <select
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-3"
            value={o.rider?._id ?? ''}
            disabled={busy}
            onChange={(e) => onAssign(e.target.value)}
          >
            <option value="">{t.seller.history.noRider}</option>
            {list.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      ) : (
        o.rider && (
          <p>
            <span className="font-medium text-slate-800">{t.seller.history.rider}:</span> {o.rider.name}
          </p>
        )
      )}
      {proof && (
        <p className="text-slate-700">
          {proof.method === 'code' ? t.seller.history.proofCode : t.seller.history.proofPhoto(proof.reason ?? '')}{' '}
          {proof.photo && (
            <a href={proof.photo} target="_blank" rel="noreferrer" className="font-medium text-green-700 underline">
              {t.seller.history.proofPhotoLink}
            </a>
          )}
        </p>
      )}
      {o.events.length > 0 && (
        <details onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-800">{t.seller.history.title}</summary>
          {open && (
          <ol className="space-y-1 border-l-2 border-stone-200 pl-3">
            {o.events.map((e, i) => (
              <li key={i}>
                <time dateTime={e.at} className="text-slate-500">
                  {t.orders.placedAtIn(e.at, timeZone)}
                </time>{' '}
                <span className="font-medium text-slate-900">{t.orderStep[e.status]}</span> {eventNote(e) && <span>· {eventNote(e)} </span>}
                <span className="text-slate-600">{t.seller.history.by(eventWho(e))}</span>
              </li>
            ))}
          </ol>
          )}
        </details>
      )}
    </div>
  );
}
