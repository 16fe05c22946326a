import type { ReactNode } from 'react';
import type { Address, InvoiceDetails } from '../../lib/contract';
import { addressLines } from '../../lib/address';
import { t } from '../../i18n';

// The parts a tax invoice and a credit note print alike: the seller's heading, the buyer and the
// list of the document's numbers and dates.

/** SellerHeading is the seller's registered name, address and PAN as the document was issued, over its title (labelled by id). */
export function SellerHeading({ seller, title, id }: { seller: InvoiceDetails; title: string; id: string }) {
  return (
    <header className="border-b-2 border-slate-900 pb-4 text-center">
      <p className="text-xl font-bold [overflow-wrap:anywhere] md:text-2xl">{seller.legalName}</p>
      <p className="[overflow-wrap:anywhere]">{seller.address}</p>
      <p className="font-medium">
        {t.invoice.pan} <span className="tabular-nums">{seller.pan}</span>
      </p>
      <h1 id={id} className="mt-3 text-lg font-bold tracking-wide uppercase">
        {title}
      </h1>
    </header>
  );
}

/** BuyerAndMeta is the buyer's name and address (and phone, when asked) beside the document's numbers and dates. */
export function BuyerAndMeta({ address: a, phone, meta }: { address: Address; phone?: boolean; meta: [string, string][] }) {
  return (
    <div className="mt-5 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
      <section aria-label={t.invoice.buyer}>
        <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase print:text-slate-700">{t.invoice.buyer}</h2>
        <address className="mt-1 not-italic [overflow-wrap:anywhere]">
          <span className="font-semibold">
            {a.firstName} {a.lastName}
          </span>
          {addressLines(a).map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
          {phone && (
            <span className="block">
              {t.invoice.phone} {a.phone}
            </span>
          )}
        </address>
      </section>
      <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 sm:justify-self-end print:justify-self-end">
        {meta.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-600 print:text-slate-800">{k}</dt>
            <dd className="font-semibold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** documentClass frames a printed document on screen, and drops the frame on paper. */
export const documentClass =
  'max-w-3xl rounded-2xl border border-stone-200 bg-white p-3 text-slate-900 sm:p-5 md:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0';

const th = 'py-2 align-bottom font-semibold';

/** LinesTable is a document's table of lines under the column heads: S.N., the item, then the labels of the figures (right-aligned), the rows and the totals. */
export function LinesTable({ figures, children, foot }: { figures: string[]; children: ReactNode; foot: ReactNode }) {
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full border-collapse text-left text-xs min-[400px]:text-sm sm:text-base">
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col" className={`${th} w-8 pr-1.5 sm:pr-2`}>
              {t.invoice.sn}
            </th>
            <th scope="col" className={`${th} pr-1.5 sm:pr-3`}>
              {t.invoice.item}
            </th>
            {figures.map((label, i) => (
              <th key={label} scope="col" className={`${th} text-right ${i < figures.length - 1 ? 'pr-1.5 sm:pr-3' : ''}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        <tfoot className="break-inside-avoid">{foot}</tfoot>
      </table>
    </div>
  );
}
