import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { Link, useNavigate, useParams } from '../../lib/router';
import { paths } from '../../lib/paths';
import { RowSkeleton } from '../../components/Spinner';
import { t } from '../../i18n';
import { useStoreConfig } from '../../lib/config';
import { useTitle } from '../../lib/useTitle';
import QRImage from '../../components/QRImage';
import { orderPlaced, useQRPayment } from './api';

/**
 * PayQR is the page of a payment by QR code (/pay/:provider/:reference): the code of the order's
 * amount while the payment is pending, asked about again every few seconds; once the provider has
 * confirmed it, the shopper goes on to My Orders. Only the order's own shopper sees the code.
 */
export default function PayQR() {
  const { provider = '', reference = '' } = useParams();
  const { money, paymentMethods } = useStoreConfig();
  const label = paymentMethods.find((m) => m.id === provider)?.label ?? t.payment.providers[provider] ?? provider;
  useTitle(t.titles.payQR);
  const client = useQueryClient();
  const navigate = useNavigate();
  const query = useQRPayment(provider, reference);
  const payment = query.data;
  const paid = payment?.state === 'paid';

  useEffect(() => {
    if (!paid) return;
    toast.success(t.payQR.paid);
    orderPlaced.tell(client);
    void navigate(paths.myOrders, { replace: true });
  }, [paid, client, navigate]);

  const amount = payment ? money(payment.amount, payment.currency) : '';
  return (
    <div className="mx-auto mt-8 max-w-md pb-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t.payQR.title(label)}</h1>
      <div className="mt-1 h-1 w-16 rounded-full bg-green-700" />
      <section className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm">
        {query.isPending ? (
          <div role="status" aria-label={t.loader} className="space-y-4">
            <RowSkeleton tall />
            <div className="mx-auto aspect-square w-full max-w-64 animate-pulse rounded-lg bg-stone-100" />
          </div>
        ) : query.isError ? (
          <p className="text-slate-700">{query.error.message}</p>
        ) : payment?.state === 'pending' && payment.qr ? (
          <>
            <p className="text-sm text-slate-500">{t.payQR.amount}</p>
            <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="qr-amount">
              {amount}
            </p>
            <div className="mt-5">
              <QRImage code={payment.qr} label={t.payQR.qrAlt(amount)} />
            </div>
            <p className="mt-5 text-slate-700">{t.payQR.scan}</p>
            <p className="mt-1 text-sm text-slate-500">{t.payQR.exact}</p>
            <p role="status" className="mt-5 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-left text-sm text-amber-900">
              <span aria-hidden="true" className="mt-1.5 inline-block size-2 shrink-0 animate-pulse rounded-full bg-amber-500" />
              {t.payQR.waiting}
            </p>
          </>
        ) : paid ? (
          <p role="status" className="font-medium text-green-800">
            {t.payQR.paid}
          </p>
        ) : (
          <p className="text-slate-700">{payment?.state === 'superseded' ? t.payQR.superseded : t.payQR.ended}</p>
        )}
      </section>
      <Link
        to={paths.myOrders}
        className="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-slate-800 hover:bg-stone-100"
      >
        {paid || payment?.state === 'pending' || !payment ? t.payQR.otherWay : t.titles.myOrders}
      </Link>
    </div>
  );
}
