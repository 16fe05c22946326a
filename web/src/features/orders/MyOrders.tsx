import Timeline from './Timeline';
import toast from '../../lib/toast';
import { Link } from '../../lib/router';
import { paths } from '../../lib/paths';
import { useApp } from '../../lib/appState';
import { RowSkeleton } from '../../components/Spinner';
import { BadgeList, shopperBadges } from './PaymentStatus';
import { cover, nameIn } from '../../lib/catalogue';
import { language, t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import { useUser } from '../account';
import { useStoreConfig } from '../../lib/config';
import { useMyClaims, useMyOrders, usePayOrder } from './api';
import ClaimPanel from './ClaimPanel';
import { OrderCard, orderDate, paymentTypeLabel, StatusBadge } from './OrderCard';
import OrderBill from './OrderBill';
import OrderActions from './OrderActions';
import Substitution from './Substitution';
import { BackInStock } from '../alerts';
import { addressLines } from '../../lib/address';
import { orderSlotText } from '../../lib/slots';
import { amountText, packedDiffers, priceText } from '../../lib/weight';


/** MyOrders lists the signed-in shopper's orders, newest first, a page at a time: Show more orders loads older ones. */
export default function MyOrders() {
  useTitle(t.titles.myOrders);
  const { askSignIn } = useApp();
  const { user, checked: authChecked } = useUser();
  const { money, paymentMethods } = useStoreConfig();
  const payOrder = usePayOrder();
  // The order being paid: its buttons stay disabled until the provider's page loads.
  const paying = payOrder.isPending || payOrder.isSuccess ? payOrder.variables?.id : null;

  // An unpaid online order can be paid again: the shopper goes to the provider's page.
  const pay = (id: string, method: string) =>
    payOrder.mutate(
      { id, method },
      {
        onSuccess: (r) => {
          window.location.assign(r.url);
        },
        onError: (err) => toast.error(err.message),
      },
    );
  const ordersQuery = useMyOrders(user?._id);
  const claims = useMyClaims(user?._id).data;

  const loading = !authChecked || (!!user && ordersQuery.isPending);
  const orders = ordersQuery.data?.pages.flatMap((p) => p.orders) ?? [];

  return (
    <div className="mt-8 pb-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t.orders.title}</h1>
      <div className="mt-1 h-1 w-16 rounded-full bg-green-700" />
      <BackInStock />
      {loading ? (
        <div className="mt-6 space-y-6" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
          <RowSkeleton tall />
        </div>
      ) : !user ? (
        <div className="py-16 text-center">
          <p className="text-lg text-slate-600">{t.orders.signIn}</p>
          <button type="button" onClick={askSignIn} className="mt-6 min-h-11 rounded-full bg-green-700 px-8 font-medium text-white">
            {t.nav.login}
          </button>
        </div>
      ) : orders.length === 0 ? (
        <p className="py-16 text-center text-lg text-slate-600">{t.orders.empty}</p>
      ) : (
        <ul className="mt-6 space-y-6">
          {orders.map((o) => (
            <OrderCard
              key={o._id}
              order={o}
              headerClass="text-sm text-slate-500"
              summary={
                <>
                  <p>
                    {t.orders.payment} <span className="text-slate-700">{paymentTypeLabel(o)}</span>
                  </p>
                  <p>
                    {t.orders.total}{' '}
                    <span className="font-semibold text-slate-900" data-testid="order-amount">
                      {money(o.amount, o.currency)}
                    </span>
                  </p>
                </>
              }
            >
              <div className="mt-3 flex flex-wrap gap-2 text-sm">
                <StatusBadge order={o} />
                <BadgeList badges={shopperBadges(o)} />
                {o.replaces && <span className="rounded-full bg-sky-100 px-3 py-1 font-medium text-sky-900">{t.claim.replacement}</span>}
                <span className="rounded-full bg-stone-100 px-3 py-1 text-slate-600">
                  {t.orders.date} {orderDate(o)}
                </span>
              </div>
              {o.canPay && (
                <div className="mt-3 flex flex-wrap gap-2">
                  {paymentMethods.map((m) => (
                    <button
                      key={m.id}
                      type="button"
                      disabled={paying === o._id}
                      onClick={() => pay(o._id, m.id)}
                      className="min-h-11 rounded-lg bg-green-700 px-4 text-sm font-medium text-white hover:bg-green-800 disabled:opacity-60"
                    >
                      {paymentMethods.length === 1 ? t.orders.payNow : t.orders.payWith(m.label)}
                    </button>
                  ))}
                </div>
              )}
              <OrderActions order={o} />
              <Timeline order={o} />
              {o.status === 'Delivered' && (
                <Link
                  to={paths.myOrderInvoice(o._id)}
                  aria-label={t.orders.taxInvoiceFor(o.number)}
                  className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-slate-800 hover:bg-stone-100"
                >
                  {t.orders.taxInvoice}
                </Link>
              )}
              {o.status === 'Delivered' && <ClaimPanel order={o} claims={claims} />}
              <ul className="mt-4 divide-y divide-stone-100">
                {o.items.map((item, i) => (
                  <li key={item.product._id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                    <div className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-green-50 p-2">
                      <img src={cover(item.product)} alt={nameIn(item.product, language())} width={64} height={64} loading="lazy" className="h-full w-full object-contain" />
                    </div>
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-semibold text-slate-800 [overflow-wrap:anywhere]">{nameIn(item.product, language())}</p>
                      <p className="text-slate-500">
                        {t.orders.category} {t.categoryName[item.product.category]}
                      </p>
                    </div>
                    {/* On phones the prices go under the name, so a long name keeps its room. */}
                    <div className="w-full pl-20 text-sm sm:w-auto sm:pl-0 sm:text-right">
                      <p className="text-slate-500">
                        {t.orders.quantity} {amountText(item.product, item.quantity)}
                        {packedDiffers(item) && <span className="block text-amber-800">{t.orders.packed(packedDiffers(item))}</span>}
                      </p>
                      <p data-testid="line-total">
                        <span className="text-slate-600">
                          {t.orders.lineTotal(amountText(item.product, item.quantity), priceText(item.product, money(item.product.offerPrice, o.currency)))}
                        </span>{' '}
                        <span className="font-semibold text-green-700">
                          {money(o.bill.lines[i] ?? 0, o.currency)}
                        </span>
                      </p>
                    </div>
                    <Substitution order={o} item={item} />
                  </li>
                ))}
              </ul>
              <OrderBill order={o} className="border-t border-stone-100 pt-3 text-sm text-slate-600 sm:ml-auto sm:max-w-xs" />
              <p className="mt-3 border-t border-stone-100 pt-3 text-sm text-slate-500 [overflow-wrap:anywhere]">
                {t.orders.deliverTo} {o.address.firstName} {o.address.lastName}, {addressLines(o.address).join(', ')} · {o.address.phone}
                {o.slot && (
                  <>
                    <br />
                    <span className="font-medium text-slate-700">{orderSlotText(o.slot)}</span>
                  </>
                )}
                {o.address.landmark && (
                  <>
                    <br />
                    {t.address.landmarkShown(o.address.landmark)}
                  </>
                )}
              </p>
            </OrderCard>
          ))}
        </ul>
      )}
      {user && ordersQuery.hasNextPage && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            onClick={() => void ordersQuery.fetchNextPage()}
            disabled={ordersQuery.isFetchingNextPage}
            className="min-h-11 rounded-full border border-green-700 bg-white px-8 font-medium text-green-800 hover:bg-green-50 disabled:opacity-60"
          >
            {ordersQuery.isFetchingNextPage ? t.orders.loadingMore : t.orders.showMore}
          </button>
        </div>
      )}
    </div>
  );
}
