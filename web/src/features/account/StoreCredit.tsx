import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import { useStoreConfig } from '../../lib/config';
import { toMinor } from '../../lib/money';
import { useStoreCredit } from './api';
import { Section } from './parts';

/**
 * StoreCredit shows the shopper's store credit on their account page: the balance they may spend
 * at checkout and their ledger, newest first, each entry with its reason, order and amount (added
 * or taken), as the server keeps them.
 */
export function StoreCredit({ userId }: { userId: string }) {
  const { moneyMinor } = useStoreConfig();
  const { data, isPending } = useStoreCredit(userId);
  const money = (major: number) => moneyMinor(toMinor(Math.abs(major)));
  return (
    <Section id="account-credit" title={t.credit.title}>
      {isPending || !data ? (
        <div role="status" aria-label={t.loader}>
          <RowSkeleton />
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className="text-sm text-slate-500">{t.credit.balance}</p>
            <p className="text-2xl font-semibold text-green-800" data-testid="credit-balance">
              {money(data.balance)}
            </p>
          </div>
          <p className="text-sm text-slate-600">{t.credit.hint}</p>
          {data.entries.length === 0 ? (
            <p className="text-sm text-slate-500">{t.credit.none}</p>
          ) : (
            <>
              <h3 className="border-t border-stone-100 pt-3 font-medium text-slate-900">{t.credit.history}</h3>
              <ul className="divide-y divide-stone-100" data-testid="credit-entries">
                {data.entries.map((e) => (
                  <li key={e._id} className="flex items-start justify-between gap-3 py-2 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-800">{t.credit.reasons[e.reason]}</p>
                      <p className="text-slate-500">
                        {e.orderNumber ? `${t.orders.orderLabel(e.orderNumber)} · ` : ''}
                        {t.orders.placedAt(e.at)}
                      </p>
                      {e.note && <p className="break-words text-slate-600">{e.note}</p>}
                    </div>
                    <p className={`whitespace-nowrap font-semibold tabular-nums ${e.amount < 0 ? 'text-slate-700' : 'text-green-800'}`}>
                      {e.amount < 0 ? '−' : '+'}
                      {money(e.amount)}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Section>
  );
}
