import { useState, type FormEvent } from 'react';
import { MAX_REFUND_REASON, type PartRefund, type RefundWay, type SellerOrder } from '../../lib/contract';
import { inputClass } from '../../components/styles';
import { toAsciiDigits } from '../../i18n/digits';
import { t } from '../../i18n';

/**
 * RefundForm gives back part of a paid order: how many of each line the server says may still go
 * back, or an amount of the goods, with the reason the shopper and the credit note see, back the
 * way it was paid or as store credit. The server works out what each line was paid and answers
 * the refund; nothing is priced here.
 */
export default function RefundForm({ order: o, busy, onRefund, onClose }: {
  order: SellerOrder;
  busy: boolean;
  onRefund: (r: Omit<PartRefund, 'id'>) => void;
  onClose: () => void;
}) {
  const text = t.seller.refund;
  const [units, setUnits] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [way, setWay] = useState<RefundWay>('payment');
  const id = `refund-${o._id}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = o.refundable
      .map((l) => ({ product: l.product, quantity: Number(toAsciiDigits(units[l.product] ?? '0')) || 0 }))
      .filter((l) => l.quantity > 0);
    const money = Number(toAsciiDigits(amount.trim() || '0'));
    onRefund({ lines, amount: Number.isFinite(money) ? money : -1, reason, way });
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="mt-4 grid gap-3 rounded-xl border border-stone-200 bg-stone-50 p-3 sm:p-4">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {text.title(o.number)}
      </h3>
      {o.refundable.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">{text.lines}</legend>
          {o.refundable.map((l) => (
            <label key={l.product} className="flex items-center justify-between gap-3 text-sm text-slate-700 [overflow-wrap:anywhere]">
              <span className="min-w-0">{text.unitsOf(l.name ?? '', l.quantity)}</span>
              <input
                type="number"
                inputMode="numeric"
                min={0}
                max={l.quantity}
                value={units[l.product] ?? ''}
                placeholder="0"
                onChange={(e) => setUnits((u) => ({ ...u, [l.product]: e.target.value }))}
                className={`${inputClass} mt-0 w-20 shrink-0 text-right`}
              />
            </label>
          ))}
        </fieldset>
      )}
      <label className="text-sm font-medium text-slate-800">
        {text.amount}
        <input type="text" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} className={inputClass} placeholder="0" />
      </label>
      <div className="text-sm">
        <label htmlFor={`${id}-reason`} className="font-medium text-slate-800">
          {text.reason}
        </label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={MAX_REFUND_REASON}
          required
          rows={2}
          aria-describedby={`${id}-reason-hint`}
          onChange={(e) => setReason(e.target.value)}
          className={`${inputClass} py-2`}
        />
        <p id={`${id}-reason-hint`} className="mt-1 text-slate-600">
          {text.reasonHint}
        </p>
      </div>
      <fieldset className="text-sm">
        <legend className="font-medium text-slate-800">{text.way}</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {(['payment', 'credit'] as const).map((w) => (
            <label key={w} className="flex min-h-11 items-center gap-2 text-slate-700">
              <input type="radio" name={`${id}-way`} value={w} checked={way === w} onChange={() => setWay(w)} className="size-4 accent-green-700" />
              {text.ways[w]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="min-h-11 rounded-lg bg-red-700 px-5 font-medium text-white hover:bg-red-800 disabled:opacity-60">
          {text.submit}
        </button>
        <button type="button" onClick={onClose} className="min-h-11 rounded-lg border border-stone-300 bg-white px-5 text-slate-800 hover:bg-stone-100">
          {text.close}
        </button>
      </div>
    </form>
  );
}
