import type { Invoice, Order, OrderItem } from '../../lib/contract';
import { formatMinor, localDigits, toMinor } from '../../lib/money';
import { BuyerAndMeta, documentClass, LinesTable, SellerHeading } from './DocumentParts';
import { t, useLanguage } from '../../i18n';
import { nameIn } from '../../lib/catalogue';
import { adjustmentLabel, amountText, packedDiffers, priceText, sentText } from '../../lib/weight';
import { couponCode, shownAdjustments } from '../../lib/discount';

/** kept is the substitute delivered in place of what was not there of an item: none when it was refused. */
const kept = (it: OrderItem) => (it.packed?.substitute?.answer === 'refused' ? undefined : it.packed?.substitute);

/**
 * InvoiceDocument is a delivered order's tax invoice as it is printed: the seller's registered
 * details as they were when it was issued, its number in the fiscal year, its date in Bikram Sambat
 * and AD, the buyer, the lines and the totals in the order's currency.
 */
export default function InvoiceDocument({ invoice: inv, order: o }: { invoice: Invoice; order: Order }) {
  const lang = useLanguage();
  const text = t.invoice;
  const a = o.address;
  /** minor writes an amount in minor units in the order's currency, always with its paisa or cents, as accounts are kept. */
  const minor = (m: number) => formatMinor(m, o.currency, lang, { fixed: true });
  const lines = o.items.map((it, i) => ({ it, total: toMinor(o.bill.lines[i] ?? 0), sent: kept(it) }));
  const totals = inv.totals;
  const vat = totals.taxRule === 'vat';
  // A coupon's shares of the lines show as one discount, before tax.
  const discountCode = couponCode(totals.adjustments);
  // Under VAT, prices include it: the total splits into the taxable value, the VAT and the exempt goods.
  const rows: (readonly [string, number])[] = [
    [text.subtotal, totals.subtotal],
    ...(discountCode !== undefined && totals.discount ? [[t.cart.discount(discountCode), -totals.discount] as const] : []),
    ...shownAdjustments(totals.adjustments).map((a) => [adjustmentLabel(a, o.items), a.amount] as const),
    [text.deliveryFee, totals.deliveryFee],
    ...(vat
      ? ([
          [text.taxable, totals.taxableExVat],
          [text.vat, totals.tax],
          [text.exempt, totals.exempt],
        ] as const)
      : ([[t.cart.tax, totals.tax]] as const)),
  ];
  const meta: [string, string][] = [
    [text.number, text.code(inv.code)],
    [text.fiscalYear, text.fiscal(inv.fiscalYear)],
    [text.dateBs, text.bsDate(inv.dateBs)],
    [text.dateAd, text.adDate(inv.dateAd)],
    [text.orderNo, t.orders.number(o.number)],
  ];
  return (
    <article
      aria-labelledby="invoice-title"
      data-testid="tax-invoice"
      className={documentClass}
    >
      <SellerHeading seller={inv.seller} title={text.title} id="invoice-title" />
      <BuyerAndMeta address={a} phone meta={meta} />

      <LinesTable
        figures={[text.quantity, text.unitPrice, text.amount]}
        foot={
          <>
            {rows.map(([label, amount], i) => (
              <tr key={`${i}-${label}`} className={vat && i === rows.length - 3 ? 'border-t border-stone-200' : ''}>
                <th scope="row" colSpan={4} className="pt-2 pr-1.5 sm:pr-3 text-right font-medium">
                  {label}
                </th>
                <td className="pt-2 text-right whitespace-nowrap tabular-nums">{minor(toMinor(amount))}</td>
              </tr>
            ))}
            <tr className="border-t-2 border-slate-900">
              <th scope="row" colSpan={4} className="pt-2 pr-1.5 sm:pr-3 text-right text-lg font-bold">
                {text.total}
              </th>
              <td className="pt-2 text-right text-lg font-bold whitespace-nowrap tabular-nums" data-testid="invoice-total">
                {minor(toMinor(totals.total))}
              </td>
            </tr>
          </>
        }
      >
            {lines.map(({ it, total, sent }, i) => (
              <tr key={it.product._id} className="border-b border-stone-200 break-inside-avoid">
                <td className="py-2 pr-1.5 sm:pr-2 align-top tabular-nums">{localDigits(String(i + 1), lang)}</td>
                <td className="py-2 pr-1.5 sm:pr-3 break-words">
                  {nameIn(it.product, lang)}
                  {vat && it.product.vatExempt && <span className="block text-xs text-slate-600 print:text-slate-800">{text.exemptItem}</span>}
                </td>
                <td className="py-2 pr-1.5 sm:pr-3 text-right tabular-nums">
                  {amountText(it.product, it.quantity, (n) => localDigits(String(n), lang))}
                  {packedDiffers(it) && <span className="block text-xs text-slate-600 print:text-slate-800">{text.delivered(packedDiffers(it))}</span>}
                  {sent && <span className="block text-xs text-slate-600 print:text-slate-800">{t.substitute.instead(sentText(sent))}</span>}
                </td>
                <td className="py-2 pr-1.5 sm:pr-3 text-right whitespace-nowrap tabular-nums">{priceText(it.product, minor(toMinor(it.product.offerPrice)))}</td>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">{minor(total)}</td>
              </tr>
            ))}
      </LinesTable>
    </article>
  );
}
