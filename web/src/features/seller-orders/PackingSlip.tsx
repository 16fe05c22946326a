import { Link, useParams } from '../../lib/router';
import type { SellerOrder } from '../../lib/contract';
import { useStoreConfig } from '../../lib/config';
import { useErrorToast } from '../../lib/useToastQuery';
import { useTitle } from '../../lib/useTitle';
import { RowSkeleton } from '../../components/Spinner';
import { paths } from '../../lib/paths';
import { language, t } from '../../i18n';
import { nameIn } from '../../lib/catalogue';
import { billRows, paymentTypeLabel } from '../orders';
import { useOrderSlip } from './api';
import { addressLines, telHref } from '../../lib/address';
import { orderSlotText } from '../../lib/slots';
import { storeName, useStoreSettings } from '../../lib/store';
import { amountText, packedDiffers } from '../../lib/weight';
import SentNote from './SentNote';
import SubstituteNote from './SubstituteNote';

/** PackingSlip is the printable slip that goes in an order's bag: what to pack, where it goes, what to collect, and a line to sign. */
export default function PackingSlip() {
  const number = Number(useParams().number);
  const query = useOrderSlip(number);
  useErrorToast(query.error, t.toast.generic);
  useTitle(t.titles.packingSlip(number));
  const order = query.data;

  return (
    <div className="p-4 md:p-10 print:p-0">
      <div className="mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={paths.seller.orders} className="flex min-h-11 items-center text-sm font-medium text-green-800 underline-offset-2 hover:underline">
          {t.seller.slip.back}
        </Link>
        {order && (
          <button type="button" onClick={() => window.print()} className="min-h-11 rounded-lg bg-green-700 px-6 text-sm font-medium text-white hover:bg-green-800">
            {t.seller.slip.print}
          </button>
        )}
      </div>
      {query.isPending && query.fetchStatus !== 'idle' ? (
        <div className="max-w-3xl" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
        </div>
      ) : order ? (
        <Slip order={order} />
      ) : (
        <p className="text-slate-600" role="status">
          {query.isError ? '' : t.seller.slip.notFound}
        </p>
      )}
    </div>
  );
}

/** Slip is the slip itself, laid out for an A4 or A5 page as much as for the screen. */
function Slip({ order: o }: { order: SellerOrder }) {
  const name = storeName(useStoreSettings());
  const { money, timeZone } = useStoreConfig();
  const a = o.address;
  const amount = money(o.amount, o.currency);
  const minor = (m: number) => money(m / 100, o.currency);
  // What the amount is made of, from the order's bill: the items, any adjustments, the delivery fee (or Free) and the tax.
  const bill: [string, string, string][] = billRows(o.bill, 'slip', o.items).map(([label, m, testId]) => [label, m === null ? t.cart.free : minor(m), testId]);
  return (
    <article
      aria-labelledby="slip-title"
      data-testid="packing-slip"
      className="max-w-3xl rounded-2xl border border-stone-200 bg-white p-6 text-slate-900 md:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-slate-900 pb-4">
        <div>
          <p className="text-2xl font-bold text-green-800 print:text-slate-900">{name}</p>
          <h1 id="slip-title" className="text-lg font-semibold">
            {t.seller.slip.title}
          </h1>
        </div>
        <div className="sm:text-right print:text-right">
          <p className="text-2xl font-bold">{t.seller.slip.order(o.number)}</p>
          <p className="text-sm text-slate-600 print:text-slate-900">
            {t.seller.slip.placed} <time dateTime={o.createdAt}>{t.orders.placedAtIn(o.createdAt, timeZone)}</time>
          </p>
        </div>
      </header>

      <div className="mt-5 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-labelledby="slip-address">
          <h2 id="slip-address" className="text-xs font-semibold tracking-wide text-slate-500 uppercase print:text-slate-700">
            {t.seller.slip.deliverTo}
          </h2>
          <address className="mt-1 not-italic [overflow-wrap:anywhere]">
            <span className="text-lg font-semibold">
              {a.firstName} {a.lastName}
            </span>
            <br />
            {addressLines(a).map((line, i) => (
              <span key={i} className="block">
                {line}
              </span>
            ))}
            {a.landmark && <span className="block font-medium">{t.address.landmarkShown(a.landmark)}</span>}
            {o.slot && <span className="block text-lg font-semibold">{orderSlotText(o.slot)}</span>}
            <span className="font-medium">
              {t.seller.slip.phone}{' '}
              <a href={telHref(a.phone)} className="text-green-700 underline print:text-slate-900 print:no-underline">
                {a.phone}
              </a>
            </span>
          </address>
        </section>
        <section aria-labelledby="slip-payment" className="sm:text-right print:text-right">
          <h2 id="slip-payment" className="text-xs font-semibold tracking-wide text-slate-500 uppercase print:text-slate-700">
            {t.seller.slip.payment}
          </h2>
          <p className="mt-1">{paymentTypeLabel(o)}</p>
          <p className="mt-1 text-xl font-bold">{o.isPaid ? t.seller.slip.paid : t.seller.slip.toCollect(amount)}</p>
        </section>
      </div>

      <table className="mt-6 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-slate-400">
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t.seller.slip.item}
            </th>
            <th scope="col" className="w-20 py-2 text-right font-semibold">
              {t.seller.slip.quantity}
            </th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((it) => (
            <tr key={it.product._id} className="border-b border-stone-200 break-inside-avoid">
              <td className="py-2 pr-4 [overflow-wrap:anywhere]">
                {nameIn(it.product, language())}
                <SubstituteNote item={it} />
                <SentNote item={it} timeZone={timeZone} />
              </td>
              <td className="py-2 text-right text-lg font-semibold tabular-nums">
                {amountText(it.product, it.quantity)}
                {packedDiffers(it) && <span className="block text-sm font-normal text-slate-700">{t.orders.packed(packedDiffers(it))}</span>}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {bill.map(([label, value, testId], i) => (
            <tr key={label}>
              <th scope="row" className={`${i === 0 ? 'pt-3' : 'pt-1'} pr-4 text-right font-normal`}>
                {label}
              </th>
              <td className={`${i === 0 ? 'pt-3' : 'pt-1'} text-right whitespace-nowrap tabular-nums`} data-testid={testId}>
                {value}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="pt-2 pr-4 text-right font-semibold">
              {t.seller.slip.amount}
            </th>
            <td className="pt-2 text-right text-lg font-bold whitespace-nowrap tabular-nums">{amount}</td>
          </tr>
        </tfoot>
      </table>

      <footer className="mt-12 grid gap-8 break-inside-avoid sm:grid-cols-[2fr_1fr] print:grid-cols-[2fr_1fr]">
        <div>
          <p className="text-sm text-slate-600 print:text-slate-900">{t.seller.slip.received}</p>
          <div className="mt-10 border-t border-slate-900 pt-1 text-sm">{t.seller.slip.signature}</div>
        </div>
        <div className="self-end">
          <div className="border-t border-slate-900 pt-1 text-sm">{t.seller.slip.date}</div>
        </div>
      </footer>
    </article>
  );
}
