import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import TextField from '../../components/TextField';
import { t } from '../../i18n';
import { useGiveCredit } from './api';

/**
 * GoodwillForm is the owner's form to give the shopper of an order goodwill store credit: an
 * amount and why, which the shopper's ledger shows. The server checks both, and that an order's
 * goodwill adds up to at most its total; what it refuses is said under the form.
 */
export default function GoodwillForm({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const give = useGiveCredit();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    give.mutate(
      { order: orderId, amount, reason },
      {
        onSuccess: (r) => {
          toast.success(r.message || t.seller.creditGiven);
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  }
  return (
    <form onSubmit={submit} aria-label={t.seller.giveCredit} className="mt-4 space-y-3 rounded-lg border border-green-200 bg-green-50 p-3 text-slate-700">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField label={t.seller.creditAmount} labelClass="block sm:w-32" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />
        <TextField label={t.seller.creditReason} labelClass="block flex-1" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} required />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={give.isPending} className="min-h-11 rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800 disabled:opacity-60">
          {t.seller.creditSubmit}
        </button>
        <button type="button" onClick={onClose} className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 text-slate-700 hover:bg-stone-100">
          {t.seller.creditClose}
        </button>
      </div>
    </form>
  );
}
