import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import { MAX_CLAIM_NOTE, MAX_CLAIM_PHOTOS, type ClaimableLine, type ClaimsResponse, type Currency, type UserOrder } from '../../lib/contract';
import { inputClass } from '../../components/styles';
import { useStoreConfig } from '../../lib/config';
import { t } from '../../i18n';
import { useClaim } from './api';

/**
 * ClaimPanel shows, under a delivered order in My Orders, the shopper's claims about it (their
 * reference, the day each will be decided by, or the decision and why), and while the server says
 * lines may still be claimed, "Report a problem": the lines and what was wrong with each, a note
 * and up to three photos.
 */
export default function ClaimPanel({ order: o, claims }: { order: UserOrder; claims: ClaimsResponse | undefined }) {
  const { money, timeZone } = useStoreConfig();
  const [open, setOpen] = useState(false);
  const mine = (claims?.claims ?? []).filter((c) => c.order === o._id);
  const claimable = claims?.claimable?.[o._id] ?? [];
  const text = t.claim;
  if (mine.length === 0 && claimable.length === 0) return null;
  return (
    <section aria-label={text.yours} className="mt-3 text-sm">
      {mine.length > 0 && (
        <ul className="space-y-2">
          {mine.map((c) => (
            <li key={c._id} className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-slate-700 [overflow-wrap:anywhere]">
              <span className="font-semibold text-slate-900">{c.reference}</span>
              {' · '}
              {c.lines.map((l) => `${l.name ?? ''} × ${l.quantity} (${text.reasons[l.reason] ?? l.reason})`).join(', ')}
              <span className="block">
                {c.state === 'open' ? (
                  text.open(t.orders.placedAtIn(c.decideBy, timeZone))
                ) : (
                  <>
                    <span className="font-medium text-slate-900">{text.resolutions[c.resolution ?? 'reject']}</span>
                    {c.refund && ` · ${money(c.refund.amount, c.refund.currency as Currency)}`}
                    {c.decision && ` · ${c.decision}`}
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {claimable.length > 0 &&
        (open ? (
          <ClaimForm order={o} lines={claimable} onClose={() => setOpen(false)} />
        ) : (
          <button type="button" onClick={() => setOpen(true)} className="mt-2 min-h-11 rounded-lg border border-stone-300 px-4 font-medium text-slate-800 hover:bg-stone-100">
            {text.report}
          </button>
        ))}
    </section>
  );
}

/** ClaimForm asks which lines were not right, how many and what was wrong with each, a note and photos. */
function ClaimForm({ order: o, lines, onClose }: { order: UserOrder; lines: ClaimableLine[]; onClose: () => void }) {
  const text = t.claim;
  const claim = useClaim();
  const [units, setUnits] = useState<Record<string, number>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const id = `claim-${o._id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const form = new FormData();
    form.set('id', o._id);
    form.set(
      'lines',
      JSON.stringify(
        lines.filter((l) => (units[l.product] ?? 0) > 0).map((l) => ({ product: l.product, quantity: units[l.product], reason: reasons[l.product] ?? l.reasons[0] })),
      ),
    );
    form.set('note', note);
    for (const p of photos) form.append('photos', p);
    claim.mutate(form, {
      onSuccess: (r) => {
        toast.success(r.message ?? r.claim.reference);
        onClose();
      },
      onError: (err) => toast.error(err.message),
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-2 grid gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {text.title(t.orders.number(o.number))}
      </h3>
      <p className="text-slate-600">{text.intro}</p>
      {lines.map((l) => (
        <fieldset key={l.product} className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">{l.name}</legend>
          <label className="text-slate-800">
            {text.howMany(l.name, l.quantity)}
            <select value={units[l.product] ?? 0} onChange={(e) => setUnits((u) => ({ ...u, [l.product]: Number(e.target.value) }))} className={inputClass}>
              {Array.from({ length: l.quantity + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <label className="text-slate-800">
            {text.reason(l.name)}
            <select value={reasons[l.product] ?? l.reasons[0]} onChange={(e) => setReasons((r) => ({ ...r, [l.product]: e.target.value }))} className={inputClass}>
              {l.reasons.map((r) => (
                <option key={r} value={r}>
                  {text.reasons[r] ?? r}
                </option>
              ))}
            </select>
          </label>
        </fieldset>
      ))}
      <label className="text-slate-800">
        {text.note}
        <textarea value={note} maxLength={MAX_CLAIM_NOTE} rows={2} onChange={(e) => setNote(e.target.value)} className={`${inputClass} py-2`} />
      </label>
      <label className="text-slate-800">
        {text.photos(MAX_CLAIM_PHOTOS)}
        <input
          type="file"
          accept="image/*"
          multiple
          onChange={(e) => setPhotos(Array.from(e.target.files ?? []).slice(0, MAX_CLAIM_PHOTOS))}
          className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-green-50 file:px-4 file:text-green-800"
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={claim.isPending} className="min-h-11 rounded-lg bg-green-700 px-5 font-medium text-white hover:bg-green-800 disabled:opacity-60">
          {text.send}
        </button>
        <button type="button" onClick={onClose} className="min-h-11 rounded-lg border border-stone-300 px-5 text-slate-800 hover:bg-stone-100">
          {text.cancel}
        </button>
      </div>
    </form>
  );
}
