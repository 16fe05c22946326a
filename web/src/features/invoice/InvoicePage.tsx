import { Link, useLocation, useSearchParams } from '../../lib/router';
import type { InvoiceResponse } from '../../lib/contract';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import InvoiceDocument from './InvoiceDocument';
import CreditNoteDocument from './CreditNoteDocument';

/**
 * InvoicePage frames a tax invoice for the screen: a way back and a Print button, hidden on paper,
 * then the invoice and links to its credit notes, or why there is none (the server's reason: not
 * delivered yet, or delivered before the store's invoice details were set). With ?note=CODE it
 * shows that credit note alone, to print.
 */
export default function InvoicePage({ back, backText, data, loading, error }: {
  back: string;
  backText: string;
  data: InvoiceResponse | undefined;
  loading: boolean;
  error: Error | null;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const code = params.get('note');
  const note = code ? data?.invoice.creditNotes.find((n) => n.code === code) : undefined;
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
      ) : data && code ? (
        note ? (
          <CreditNoteDocument note={note} order={data.order} />
        ) : (
          <p className="max-w-3xl rounded-xl border border-amber-200 bg-amber-50 p-4 text-slate-800" role="status">
            {t.invoice.noCreditNote(code)}
          </p>
        )
      ) : data ? (
        <>
          <InvoiceDocument invoice={data.invoice} order={data.order} />
          {data.invoice.creditNotes.length > 0 && (
            <section aria-label={t.invoice.creditNotes} className="mt-4 max-w-3xl rounded-xl border border-stone-200 bg-white p-4 print:hidden">
              <h2 className="font-semibold text-slate-900">{t.invoice.creditNotes}</h2>
              <ul className="mt-1">
                {data.invoice.creditNotes.map((n) => (
                  <li key={n.code}>
                    <Link to={`${pathname}?note=${encodeURIComponent(n.code)}`} className="flex min-h-11 items-center font-medium text-green-800 underline">
                      {t.invoice.creditNoteLink(n.code, t.invoice.adDate(n.dateAd))}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      ) : (
        <p className="max-w-3xl rounded-xl border border-amber-200 bg-amber-50 p-4 text-slate-800" role="status">
          {error?.message ?? ''}
        </p>
      )}
    </div>
  );
}
