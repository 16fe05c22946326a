import type { CreditNote, Order } from '../../lib/contract';
import { formatMinor, localDigits, toMinor } from '../../lib/money';
import { BuyerAndMeta, SellerHeading } from './DocumentParts';
import { t, useLanguage } from '../../i18n';

/**
 * CreditNoteDocument is a credit note as it is printed: the seller's details as they were when it
 * was issued, its number in its own series of the fiscal year, the invoice it gives part of back,
 * its dates in Bikram Sambat and AD, the buyer, the lines given back with what they were paid, the
 * reason, and the VAT and values given back, as the server issued them.
 */
export default function CreditNoteDocument({ note, order: o }: { note: CreditNote; order: Order }) {
  const lang = useLanguage();
  const text = t.invoice;
  const a = o.address;
  const minor = (m: number) => formatMinor(toMinor(m), o.currency, lang, { fixed: true });
  const totals = note.totals;
  const vat = totals.taxRule === 'vat';
  const rows: (readonly [string, number])[] = vat
    ? [
        [text.taxable, totals.taxableExVat],
        [text.vat, totals.tax],
        [text.exempt, totals.exempt],
      ]
    : [[t.cart.tax, totals.tax]];
  const meta: [string, string][] = [
    [text.creditNoteNo, note.code],
    [text.againstInvoice, text.code(note.invoice)],
    [text.fiscalYear, text.fiscal(note.fiscalYear)],
    [text.dateBs, text.bsDate(note.dateBs)],
    [text.dateAd, text.adDate(note.dateAd)],
    [text.orderNo, t.orders.number(o.number)],
  ];
  const th = 'py-2 align-bottom font-semibold';
  const id = `credit-note-${note.number}`;
  return (
    <article
      aria-labelledby={id}
      data-testid="credit-note"
      className="max-w-3xl rounded-2xl border border-stone-200 bg-white p-3 text-slate-900 sm:p-5 md:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0"
    >
      <SellerHeading seller={note.seller} title={text.creditNote} id={id} />
      <BuyerAndMeta address={a} meta={meta} />

      <div className="mt-6 overflow-x-auto">
        <table className="w-full border-collapse text-left text-xs min-[400px]:text-sm sm:text-base">
          <thead>
            <tr className="border-b border-slate-400">
              <th scope="col" className={`${th} w-8 pr-1.5 sm:pr-2`}>
                {text.sn}
              </th>
              <th scope="col" className={`${th} pr-1.5 sm:pr-3`}>
                {text.item}
              </th>
              <th scope="col" className={`${th} pr-1.5 sm:pr-3 text-right`}>
                {text.quantity}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {text.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {note.lines.map((l, i) => (
              <tr key={l.product} className="border-b border-stone-200 break-inside-avoid">
                <td className="py-2 pr-1.5 sm:pr-2 align-top tabular-nums">{localDigits(String(i + 1), lang)}</td>
                <td className="py-2 pr-1.5 sm:pr-3 break-words">{l.name}</td>
                <td className="py-2 pr-1.5 sm:pr-3 text-right tabular-nums">{localDigits(String(l.quantity), lang)}</td>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">{minor(l.amount ?? 0)}</td>
              </tr>
            ))}
            <tr className="border-b border-stone-200">
              <th scope="row" className="py-2 pr-1.5 text-left font-medium sm:pr-3" colSpan={4}>
                <span className="text-slate-600 print:text-slate-800">{text.reason}</span> <span className="font-normal [overflow-wrap:anywhere]">{note.reason}</span>
              </th>
            </tr>
          </tbody>
          <tfoot className="break-inside-avoid">
            {rows.map(([label, amount]) => (
              <tr key={label}>
                <th scope="row" colSpan={3} className="pt-2 pr-1.5 sm:pr-3 text-right font-medium">
                  {label}
                </th>
                <td className="pt-2 text-right whitespace-nowrap tabular-nums">{minor(amount)}</td>
              </tr>
            ))}
            <tr className="border-t-2 border-slate-900">
              <th scope="row" colSpan={3} className="pt-2 pr-1.5 sm:pr-3 text-right text-lg font-bold">
                {text.givenBack}
              </th>
              <td className="pt-2 text-right text-lg font-bold whitespace-nowrap tabular-nums" data-testid="credit-note-total">
                {minor(totals.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </article>
  );
}
