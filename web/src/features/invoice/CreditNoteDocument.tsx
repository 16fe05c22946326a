import type { CreditNote, Order } from '../../lib/contract';
import { formatMinor, localDigits, toMinor } from '../../lib/money';
import { BuyerAndMeta, documentClass, LinesTable, SellerHeading } from './DocumentParts';
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
  const id = `credit-note-${note.number}`;
  return (
    <article
      aria-labelledby={id}
      data-testid="credit-note"
      className={documentClass}
    >
      <SellerHeading seller={note.seller} title={text.creditNote} id={id} />
      <BuyerAndMeta address={a} meta={meta} />

      <LinesTable
        figures={[text.quantity, text.amount]}
        foot={
          <>
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
          </>
        }
      >
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
      </LinesTable>
    </article>
  );
}
