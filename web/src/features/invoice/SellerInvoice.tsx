import { useParams } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { paths } from '../../lib/paths';
import { t } from '../../i18n';
import { useSellerInvoice } from './api';
import InvoicePage from './InvoicePage';

/** SellerInvoice is the printable tax invoice of the order with the number in the path, in the seller area. */
export default function SellerInvoice() {
  const number = Number(useParams().number);
  const query = useSellerInvoice(number);
  useTitle(t.titles.invoice(number));
  return (
    <InvoicePage
      back={paths.seller.orders}
      backText={t.invoice.backToOrders}
      data={query.data}
      loading={query.isPending && query.fetchStatus !== 'idle'}
      error={query.error}
    />
  );
}
