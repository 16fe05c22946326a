import { Link } from '../../lib/router';
import { t } from '../../i18n';
import { paths } from '../../lib/paths';
import { cover } from '../../lib/catalogue';
import { useAlerts, useNotify } from './api';

/** BackInStock lists the products the shopper asked about that are on sale again, each with a link and Dismiss; nothing when there are none. */
export default function BackInStock() {
  const { back } = useAlerts();
  const notify = useNotify();
  if (back.length === 0) return null;
  return (
    <section className="mt-6 rounded-2xl border border-green-200 bg-green-50 p-4" aria-labelledby="back-in-stock">
      <h2 id="back-in-stock" className="font-semibold text-green-900">
        {t.alerts.title}
      </h2>
      <p className="text-sm text-green-900">{t.alerts.intro}</p>
      <ul className="mt-2 divide-y divide-green-100">
        {back.map(({ product }) => (
          <li key={product._id} className="flex items-center gap-3 py-2">
            <img src={cover(product)} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg bg-white object-contain p-1" />
            <Link to={paths.product(product)} className="min-w-0 flex-1 font-medium text-slate-800 underline-offset-4 [overflow-wrap:anywhere] hover:underline" aria-label={t.alerts.view(product.name)}>
              {product.name}
            </Link>
            <button
              type="button"
              onClick={() => notify.mutate({ id: product._id, notify: false })}
              className="min-h-11 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-green-100"
              aria-label={t.alerts.dismissNamed(product.name)}
            >
              {t.alerts.dismiss}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
