import { Link } from '../../app/router';
import type { InvoiceResponse } from '../../lib/contract';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import InvoiceDocument from './InvoiceDocument';

/**
 * InvoicePage frames a tax invoice for the screen: a way back and a Print button, hidden on paper,
 * then the invoice, or why there is none (the server's reason: not delivered yet, or delivered
 * before the store's invoice details were set).
 */
export default function InvoicePage({ back, backText, data, loading, error }: {
  back: string;
  backText: string;
  data: InvoiceResponse | undefined;
  loading: boolean;
  error: Error | null;
}) {
  return (
    <div className="p-4 md:p-10 print:p-0">
      <div className="mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={back} className="flex min-h-11 items-center text-sm font-medium text-green-800 underline-offset-2 hover:underline">
          {backText}
        </Link>
        {data && (
          <button type="button" onClick={() => window.print()} className="min-h-11 rounded-lg bg-green-700 px-6 text-sm font-medium text-white hover:bg-green-800">
            {t.invoice.print}
          </button>
        )}
      </div>
      {loading ? (
        <div className="max-w-3xl" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
        </div>
      ) : data ? (
        <InvoiceDocument invoice={data.invoice} order={data.order} />
      ) : (
        <p className="max-w-3xl rounded-xl border border-amber-200 bg-amber-50 p-4 text-slate-800" role="status">
          {error?.message ?? ''}
        </p>
      )}
    </div>
  );
}
