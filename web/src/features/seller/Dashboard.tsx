import { Link } from '../../lib/router';
import { t } from '../../i18n';
import { paths } from '../../lib/paths';
import { cover } from '../../lib/catalogue';
import { useStoreConfig } from '../../lib/config';
import type { StockLevel } from '../../lib/contract';
import { RowSkeleton } from '../../components/Spinner';
import { useDashboard } from './api';
import { ordersWith } from '../seller-orders';

const card = 'rounded-2xl border border-stone-200 bg-white p-5';
const heading = 'text-lg font-semibold text-slate-900';
const more = 'inline-flex min-h-11 items-center text-sm font-medium text-green-800 underline-offset-4 hover:underline';

/** Dashboard sums up the store for the seller: today's orders and revenue, the orders waiting, best sellers and low stock, each linking to its list. */
export default function Dashboard() {
  const { data, isPending } = useDashboard();
  const { money, timeZone } = useStoreConfig();
  if (isPending || !data) {
    return (
      <div className="space-y-4 p-4 md:p-10" role="status" aria-label={t.loader}>
        <RowSkeleton tall />
        <RowSkeleton tall />
      </div>
    );
  }
  return (
    <div className="max-w-5xl space-y-6 p-4 md:p-10">
      <h1 className="text-2xl font-bold text-slate-900">{t.seller.dashboard}</h1>
      <div className="grid gap-4 sm:grid-cols-2">
        <section className={card} aria-labelledby="dash-today">
          <h2 id="dash-today" className={heading}>
            {t.seller.dash.today}
          </h2>
          <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="today-orders">
            {t.seller.dash.ordersToday(data.today.orders)}
          </p>
          <p className="mt-1 text-slate-600">
            {t.seller.dash.revenue}{' '}
            <span className="font-semibold text-slate-900" data-testid="today-revenue">
              {money(data.today.revenue)}
            </span>
          </p>
          {data.today.discounts > 0 && (
            <p className="mt-1 text-sm text-slate-600">
              {t.seller.dash.discounts}{' '}
              <span className="font-medium text-slate-900" data-testid="today-discounts">
                {money(data.today.discounts)}
              </span>
            </p>
          )}
          <Link to={ordersWith({ day: 'today' })} className={more}>
            {t.seller.dash.seeOrders}
          </Link>
        </section>
        <section className={card} aria-labelledby="dash-waiting">
          <h2 id="dash-waiting" className={heading}>
            {t.seller.dash.waiting}
          </h2>
          <ul className="mt-2 divide-y divide-stone-100">
            {data.waiting.map((w) => (
              <li key={w.status}>
                <Link to={ordersWith({ status: w.status })} className="flex min-h-11 items-center justify-between gap-3 py-1 hover:text-green-800">
                  <span>{t.orderStatus[w.status]}</span>
                  <span className="font-semibold tabular-nums">{w.orders}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <section className={card} aria-labelledby="dash-on-time">
          <h2 id="dash-on-time" className={heading}>
            {t.seller.dash.onTime}
          </h2>
          {data.onTime.delivered === 0 ? (
            <p className="mt-2 text-slate-600">{t.seller.dash.noneDelivered}</p>
          ) : (
            <>
              <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums" data-testid="on-time-percent">
                {data.onTime.percent}%
              </p>
              <p className="mt-1 text-slate-600">{t.seller.dash.onTimeShare(data.onTime.onTime, data.onTime.delivered)}</p>
            </>
          )}
        </section>
        <section className={card} aria-labelledby="dash-at-risk">
          <h2 id="dash-at-risk" className={heading}>
            {t.seller.dash.atRisk}
          </h2>
          {data.atRisk.length === 0 ? (
            <p className="mt-2 text-slate-600">{t.seller.dash.noneAtRisk}</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-100">
              {data.atRisk.map((r) => (
                <li key={r._id}>
                  <Link to={ordersWith({ q: String(r.number) })} className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 py-1 hover:text-green-800">
                    <span className="font-semibold">{t.orders.number(r.number)}</span>
                    <span className="text-sm text-slate-600">{r.rider}</span>
                    <span className={`text-sm ${r.late ? 'font-semibold text-red-700' : 'text-amber-800'}`}>
                      {(r.late ? t.seller.dash.overdue : t.seller.dash.due)(t.orders.placedAtIn(r.promisedBy, timeZone))}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <section className={card} aria-labelledby="dash-after">
        <h2 id="dash-after" className={heading}>
          {t.seller.dash.afterDelivery}
        </h2>
        <ul className="mt-2 divide-y divide-stone-100">
          <CountRow to={paths.seller.claims} label={t.seller.dash.openClaims} testId="open-claims" count={data.afterDelivery.openClaims}
            late={data.afterDelivery.overdueClaims} lateText={t.seller.dash.overdueClaims} />
          <CountRow to={paths.seller.orders} label={t.seller.dash.dueRefunds} testId="due-refunds" count={data.afterDelivery.dueRefunds}
            late={data.afterDelivery.lateRefunds} lateText={t.seller.dash.lateRefunds} />
        </ul>
      </section>

      <ProductPanel id="dash-best" title={t.seller.dash.bestSellers} empty={t.seller.dash.noSales} to={paths.seller.productList} ordered>
        {data.bestSellers.map((s, i) => (
          <ProductRow key={s.product._id} product={s.product} rank={i + 1}>
            <span className="text-sm text-slate-600 tabular-nums">{s.weight ? t.seller.dash.weighed(s.weight) : t.seller.dash.units(s.units)}</span>
            <span className="w-24 text-right text-sm font-semibold text-slate-900 tabular-nums">
              {money(s.revenue)}
            </span>
          </ProductRow>
        ))}
      </ProductPanel>

      <ProductPanel id="dash-low" title={t.seller.dash.lowStock} empty={t.seller.dash.noLowStock} to={paths.seller.productListWith({ stock: 'low' })}>
        {data.lowStock.map((l) => (
          <ProductRow key={l._id} product={l}>
            <StockNote level={l} />
            {l.asked > 0 && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">{t.seller.dash.asked(l.asked)}</span>}
          </ProductRow>
        ))}
      </ProductPanel>

      <section className={card} aria-labelledby="dash-newsletter">
        <h2 id="dash-newsletter" className={heading}>
          {t.seller.dash.newsletter}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{t.seller.dash.subscribersHint}</p>
        <a href="/api/seller/subscribers.csv" download className={more}>
          {t.seller.dash.subscribersCSV}
        </a>
      </section>
    </div>
  );
}

/** StockNote says how many units a product has left, or why it is out of stock. */
function StockNote({ level }: { level: StockLevel }) {
  const text = level.stock !== undefined ? t.seller.unitsLeft(level.stock) : level.inStock ? t.seller.notCounted : t.seller.dash.switchedOff;
  const empty = !level.inStock;
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${empty ? 'bg-red-50 text-red-700' : 'bg-stone-100 text-slate-700'}`}>{text}</span>;
}

/** ProductPanel is a titled list of products on the dashboard, its empty text when there are none, and a link to the product list (to). */
function ProductPanel({ id, title, empty, to, ordered = false, children }: { id: string; title: string; empty: string; to: string; ordered?: boolean; children: React.ReactNode[] }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <section className={card} aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      {children.length === 0 ? <p className="mt-2 text-slate-600">{empty}</p> : <List className="mt-2 divide-y divide-stone-100">{children}</List>}
      <Link to={to} className={more}>
        {t.seller.dash.seeProducts}
      </Link>
    </section>
  );
}

/** ProductRow is one product of a ProductPanel: its rank if it has one, picture, name, then the figures given. */
function ProductRow({ product, rank, children }: { product: { name: string; image: string[] }; rank?: number; children: React.ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      {rank !== undefined && <span className="w-6 text-right text-sm text-slate-500 tabular-nums">{rank}</span>}
      <img src={cover(product)} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded-lg bg-green-50 object-contain p-1" />
      <span className="min-w-0 flex-1 font-medium text-slate-800 [overflow-wrap:anywhere]">{product.name}</span>
      {children}
    </li>
  );
}

/** CountRow is a count of the dashboard's that links to its list, with how many of them are past their deadline, flagged. */
function CountRow({ to, label, testId, count, late, lateText }: { to: string; label: string; testId: string; count: number; late: number; lateText: (n: number) => string }) {
  return (
    <li>
      <Link to={to} className="flex min-h-11 flex-wrap items-center justify-between gap-3 py-1 hover:text-green-800">
        <span>{label}</span>
        <span className="font-semibold tabular-nums" data-testid={testId}>
          {count}
          {late > 0 && <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs text-white">{lateText(late)}</span>}
        </span>
      </Link>
    </li>
  );
}
