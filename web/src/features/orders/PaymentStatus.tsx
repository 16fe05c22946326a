import { Link } from '../../lib/router';
import type { Order, SellerOrder } from '../../lib/contract';
import { useStoreConfig } from '../../lib/config';
import { t } from '../../i18n';

/** Badge is one short fact about an order's money, with its colours. */
export type Badge = { text: string; tone: string };

const tones = {
  paid: 'bg-green-100 text-green-800',
  pending: 'bg-amber-100 text-amber-800',
  test: 'bg-amber-50 text-amber-900 ring-1 ring-inset ring-amber-500',
  refundDue: 'bg-red-100 text-red-800',
  refunded: 'bg-stone-100 text-slate-700',
};

/** paymentBadge says whether an order is paid: "Paid (test)" when the test page paid it, so nobody takes it for money received. */
export function paymentBadge(o: Order): Badge {
  if (!o.isPaid) return { text: t.payment.pending, tone: tones.pending };
  return o.testPayment ? { text: t.payment.paidTest, tone: tones.test } : { text: t.payment.paid, tone: tones.paid };
}

/** shopperBadges is how My Orders reads an order's money: a cancelled paid order reads "Cancelled · refund pending", then "Refunded". */
export function shopperBadges(o: Order): Badge[] {
  const refund = o.refund === 'due' ? t.payment.refundPending : o.refund === 'refunded' ? t.payment.refunded : '';
  if (refund && o.status === 'Cancelled') {
    return [o.refund === 'due' ? { text: t.payment.cancelledRefundPending, tone: tones.refundDue } : { text: t.payment.refunded, tone: tones.refunded }];
  }
  const out = [paymentBadge(o)];
  // A second payment of an order that was paid already goes back too.
  if (refund) out.push({ text: refund, tone: o.refund === 'due' ? tones.refundDue : tones.refunded });
  return out;
}

/** BadgeList shows badges as pills. */
export function BadgeList({ badges }: { badges: Badge[] }) {
  return (
    <>
      {badges.map((b) => (
        <span key={b.text} className={`rounded-full px-3 py-1 font-medium ${b.tone}`}>
          {b.text}
        </span>
      ))}
    </>
  );
}

/** brands are the payment providers by the names a refund through them goes by: Stripe, not the card it took. */
const brands: Record<string, string> = { stripe: 'Stripe', khalti: 'Khalti' };

/** SellerPayment is the seller's "Paid", "Paid (test)" or "Pending" for an order. */
export function SellerPayment({ order }: { order: Order }) {
  const b = paymentBadge(order);
  return (
    <span className={order.isPaid ? (order.testPayment ? 'rounded px-1 font-semibold text-amber-900 ring-1 ring-amber-500' : 'font-medium text-green-700') : 'font-medium text-amber-800'}>
      {b.text}
    </span>
  );
}

/**
 * RefundPanel shows the seller what an order owes back ("Refund due": amount, provider and reference of each payment) or gave back,
 * with the steps the server allows: a refund through Stripe, or marking a refund made by hand. A refund of part names its lines,
 * its reason, the day it is due by (flagged when near or past) and its credit note; creditNote is the address of a note's page.
 */
export function RefundPanel({
  order: o,
  busy,
  creditNote,
  onRefund,
  onMarkRefunded,
}: {
  order: SellerOrder;
  busy: boolean;
  creditNote: (code: string) => string;
  onRefund: () => void;
  onMarkRefunded: () => void;
}) {
  const { money, timeZone } = useStoreConfig();
  const refunds = o.refunds ?? [];
  const hint = o.testPayment && o.isPaid && o.status !== 'Cancelled' && <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t.payment.testHint}</p>;
  if (refunds.length === 0) return hint || null;
  const due = o.refund === 'due';
  const title = due ? t.payment.refundDue : t.payment.refunded;
  const part = t.seller.refund;
  // The provider the refunds due go back through (Stripe, Khalti), as the button names it.
  const through = refunds.find((r) => r.state === 'due' && r.provider && r.provider !== 'sandbox')?.provider ?? 'stripe';
  const throughName = brands[through] ?? t.payment.providers[through] ?? through;
  return (
    <>
      {hint}
      <section aria-label={title} className={`mt-4 rounded-xl border p-3 ${due ? 'border-red-200 bg-red-50' : 'border-stone-200 bg-stone-50'}`}>
        <h3 className={`font-semibold ${due ? 'text-red-800' : 'text-slate-700'}`}>{title}</h3>
        <ul className="mt-1 space-y-2">
          {refunds.map((r, i) => {
            const provider = r.provider ? (t.payment.providers[r.provider] ?? r.provider) : '';
            if (!r._id) {
              return (
                <li key={r.reference || i} className="text-slate-700 [overflow-wrap:anywhere]">
                  {t.payment.refundTo(money(r.amount, o.currency), provider, r.reference)}
                  {r.state === 'refunded' && <span className="ml-2 font-medium text-slate-600">({t.payment.refunded})</span>}
                </li>
              );
            }
            return (
              <li key={r._id} className="text-slate-700 [overflow-wrap:anywhere]">
                <span className="font-medium text-slate-900">{money(r.amount, o.currency)}</span>
                {' · '}
                {r.way === 'credit' ? part.ways.credit : provider || part.byHand}
                {' · '}
                {r.reason}
                {r.lines && r.lines.length > 0 && <span className="block text-slate-600">{r.lines.map((l) => part.lineOf(l.name ?? '', l.quantity)).join(', ')}</span>}
                <span className="block text-slate-600">
                  {r.state === 'refunded' ? (
                    <>{t.payment.refunded}{r.refundReference && ` · ${r.refundReference}`}</>
                  ) : (
                    r.dueBy && <>{part.dueBy(t.orders.placedAtIn(r.dueBy, timeZone))}</>
                  )}
                  {r.flag && <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">{part.flags[r.flag]}</span>}
                  {r.creditNote && (
                    <Link to={creditNote(r.creditNote)} className="ml-2 font-medium text-green-800 underline">
                      {part.creditNote(r.creditNote)}
                    </Link>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
        {(o.canRefund || o.canMarkRefunded) && (
          <div className="mt-3 flex flex-wrap gap-2">
            {o.canRefund && (
              <button type="button" disabled={busy} onClick={onRefund} className="min-h-11 rounded-lg bg-red-700 px-4 font-medium text-white hover:bg-red-800 disabled:opacity-60">
                {t.payment.refundThrough(throughName)}
              </button>
            )}
            {o.canMarkRefunded && (
              <button type="button" disabled={busy} onClick={onMarkRefunded} className="min-h-11 rounded-lg border border-red-300 bg-white px-4 text-red-800 hover:bg-red-50 disabled:opacity-60">
                {t.payment.markRefunded}
              </button>
            )}
          </div>
        )}
      </section>
    </>
  );
}
