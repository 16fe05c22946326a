import { Link } from '../../lib/router';
import { paths } from '../../lib/paths';
import { t } from '../../i18n';
import { useRemoveDemo } from './api';

/**
 * DemoNotice says, while the demo catalogue's products are still on sale (onSale of them, as the
 * seller's product list counts them), that a real shop removes them, with a button that does so
 * after the seller confirms.
 */
export function DemoNotice({ onSale }: { onSale: number }) {
  const remove = useRemoveDemo();
  if (onSale === 0) return null;
  return (
    <div role="region" aria-label={t.seller.demo.remove} className="mt-4 flex max-w-5xl flex-col items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
      <p>{t.seller.demo.notice}</p>
      <button
        type="button"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(t.seller.demo.confirm)) remove.mutate();
        }}
        className="min-h-11 rounded-lg bg-amber-700 px-4 whitespace-nowrap font-medium text-white hover:bg-amber-800 disabled:opacity-60"
      >
        {remove.isPending ? t.seller.demo.removing : t.seller.demo.remove}
      </button>
    </div>
  );
}

/** NoProducts is the seller's empty product list: how to add the first products. */
export function NoProducts() {
  return (
    <div className="mt-6 max-w-3xl text-slate-600">
      <p>{t.seller.noProducts}</p>
      <p className="mt-2 text-sm">{t.seller.demo.emptyHint}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to={paths.seller.root} className="inline-flex min-h-11 items-center rounded-lg bg-green-700 px-4 font-medium text-white hover:bg-green-800">
          {t.seller.demo.addFirst}
        </Link>
        <Link to={paths.seller.import} className="inline-flex min-h-11 items-center rounded-lg border border-green-700 px-4 font-medium text-green-800 hover:bg-green-50">
          {t.seller.demo.importFirst}
        </Link>
      </div>
    </div>
  );
}
