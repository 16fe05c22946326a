import { useEffect, useState } from 'react';
import toast from '../../lib/toast';
import type { OrderItem, Sent, UserOrder } from '../../lib/contract';
import { cover, nameIn } from '../../lib/catalogue';
import { useStoreConfig } from '../../lib/config';
import { sentText } from '../../lib/weight';
import { language, t } from '../../i18n';
import { useAnswerSubstitute } from './api';

/**
 * useOpen says whether the time to answer an offered substitute is still running; the component
 * renders again when it ends, as the server then takes the substitute as kept.
 */
function useOpen(s: Sent): boolean {
  const end = s.answer === 'awaited' && s.answerBy ? Date.parse(s.answerBy) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end <= now) return;
    // A timer past its end runs at once; none here runs beyond a day.
    const id = setTimeout(() => setNow(Date.now()), Math.min(end - Date.now(), 86_400_000));
    return () => clearTimeout(id);
  }, [end, now]);
  return end > now;
}

/**
 * Substitution shows what was sent instead of what was not there of an order's item, if anything:
 * while the shopper may still answer an offered substitute, a card asking them to keep or refuse it
 * by its time; then, or for one they named, what was sent and what it costs; a refused one as not
 * charged.
 */
export default function Substitution({ order, item }: { order: UserOrder; item: OrderItem }) {
  const s = item.packed?.substitute;
  return s ? <SentInstead order={order} item={item} sent={s} /> : null;
}

function SentInstead({ order, item, sent: s }: { order: UserOrder; item: OrderItem; sent: Sent }) {
  const { money } = useStoreConfig();
  const answer = useAnswerSubstitute();
  const open = useOpen(s);
  const what = sentText(s);
  const amount = money(s.amount, order.currency);
  if (s.answer === 'refused') return <p className="w-full pl-20 text-sm text-slate-500">{t.substitute.refused(what)}</p>;
  if (!open || !s.answerBy) return <p className="w-full pl-20 text-sm font-medium text-amber-800">{t.substitute.sent(what, amount)}</p>;

  const ordered = nameIn(item.product, language());
  const send = (accept: boolean) =>
    answer.mutate(
      { id: order._id, product: item.product._id, accept },
      {
        onSuccess: (r) => {
          if (r.message) toast.success(r.message);
        },
        onError: (err) => toast.error(err.message),
      },
    );
  const button = 'min-h-12 rounded-lg px-3 text-base font-semibold disabled:opacity-60';
  return (
    <div role="group" aria-label={t.substitute.offerLabel(ordered)} className="w-full rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-slate-800">
      <div className="flex gap-3">
        <img src={cover(s.product)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-lg bg-white object-contain p-1" />
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <p className="font-medium">{t.substitute.offer(ordered, what, amount)}</p>
          <p className="mt-1 font-semibold">{t.substitute.answerBy(s.answerBy)}</p>
          <p className="text-slate-700">{t.substitute.stays}</p>
        </div>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button type="button" disabled={answer.isPending} onClick={() => send(true)} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
          {t.substitute.keep}
        </button>
        <button type="button" disabled={answer.isPending} onClick={() => send(false)} className={`${button} border border-red-300 bg-white text-red-700 hover:bg-red-50`}>
          {t.substitute.refuse}
        </button>
      </div>
    </div>
  );
}
