import { useApp } from '../../lib/appState';
import { t } from '../../i18n';
import type { Product } from '../../lib/contract';
import { useUser } from '../account';
import { useAlerts, useNotify } from './api';

/** NotifyMe lets a shopper ask to be told when a product out of stock is back; a guest logs in first. */
export default function NotifyMe({ product }: { product: Product }) {
  const { user } = useUser();
  const { askSignIn } = useApp();
  const { alerts } = useAlerts();
  const notify = useNotify();
  const watching = alerts.some((a) => a.product._id === product._id);
  const button = 'mt-3 min-h-11 w-full rounded-xl font-semibold disabled:opacity-60';
  if (!user) {
    return (
      <button type="button" onClick={askSignIn} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
        {t.alerts.notifyMeSignIn}
      </button>
    );
  }
  if (watching) {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <p role="status">{t.alerts.watching}</p>
        <button type="button" disabled={notify.isPending} onClick={() => notify.mutate({ id: product._id, notify: false })} className="min-h-11 rounded-lg px-3 font-medium text-slate-600 underline-offset-4 hover:underline">
          {t.alerts.stop}
        </button>
      </div>
    );
  }
  return (
    <button type="button" disabled={notify.isPending} onClick={() => notify.mutate({ id: product._id, notify: true })} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
      {t.alerts.notifyMe}
    </button>
  );
}
