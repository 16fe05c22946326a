import { useParams } from '../../lib/router';
import { useTitle } from '../../lib/useTitle';
import { paths } from '../../lib/paths';
import { t } from '../../i18n';
import { useUser } from '../account';
import { useMyInvoice } from './api';
import InvoicePage from './InvoicePage';

/** MyInvoice is the printable tax invoice of one of the signed-in shopper's delivered orders. */
export default function MyInvoice() {
  const id = useParams().id ?? '';
  const { user, checked } = useUser();
  const query = useMyInvoice(id, !!user);
  useTitle(query.data ? t.titles.invoice(query.data.order.number) : t.invoice.title);
  const signedOut = checked && !user;
  return (
    <InvoicePage
      back={paths.myOrders}
      backText={t.invoice.backToMyOrders}
      data={query.data}
      loading={!checked || (!!user && query.isPending)}
      error={signedOut ? new Error(t.orders.signIn) : query.error}
    />
  );
}
