import { lazy, Suspense } from 'react';
import { Route, Routes } from '../../app/router';
import Spinner from '../../components/Spinner';
import { t } from '../../i18n';
import SellerLogin from './SellerLogin';
import SellerLayout from './SellerLayout';
import { Title, useTitle } from '../../lib/useTitle';
import { routes } from '../../app/paths';
import { useSellerSession } from './api';

const NotFound = lazy(() => import('../../components/NotFound'));

const AddProduct = lazy(() => import('./AddProduct'));
const ProductList = lazy(() => import('./ProductList'));
const EditProduct = lazy(() => import('./EditProduct'));
const Orders = lazy(() => import('./Orders'));
const Dashboard = lazy(() => import('./Dashboard'));
const PackingSlip = lazy(() => import('./PackingSlip'));
const SellerInvoice = lazy(() => import('../invoice/SellerInvoice'));
const DeliverySlots = lazy(() => import('./DeliverySlots'));
const Settings = lazy(() => import('./Settings'));

/** SellerArea is everything under /seller: the login screen for anyone who is not a seller, the seller's pages for sellers. */
export default function SellerArea() {
  const { isSeller, checked: sellerChecked } = useSellerSession();
  if (!sellerChecked) return <Spinner label={t.loader} />;
  if (!isSeller) {
    return (
      <>
        <Title page={t.titles.sellerLogin} />
        <SellerLogin />
      </>
    );
  }
  return (
    <Routes>
      <Route element={<SellerLayout />}>
        <Route path={routes.sellerPages.dashboard} element={<Page title={t.titles.dashboard}><Dashboard /></Page>} />
        <Route index element={<Page title={t.titles.addProduct}><AddProduct /></Page>} />
        <Route path={routes.sellerPages.productList} element={<Page title={t.titles.productList}><ProductList /></Page>} />
        <Route path={routes.sellerPages.editProduct} element={<Page title={t.titles.editProduct}><EditProduct /></Page>} />
        <Route path={routes.sellerPages.orders} element={<Page title={t.titles.sellerOrders}><Orders /></Page>} />
        <Route path={routes.sellerPages.slots} element={<Page title={t.titles.deliverySlots}><DeliverySlots /></Page>} />
        <Route path={routes.sellerPages.settings} element={<Page title={t.titles.settings}><Settings /></Page>} />
        {/* The slip names its page after the order's number itself. */}
        <Route path={routes.sellerPages.orderSlip} element={<Suspense fallback={<Spinner label={t.loader} />}><PackingSlip /></Suspense>} />
        <Route path={routes.sellerPages.orderInvoice} element={<Suspense fallback={<Spinner label={t.loader} />}><SellerInvoice /></Suspense>} />
        <Route path="*" element={<Page title={t.titles.notFound}><NotFound /></Page>} />
      </Route>
    </Routes>
  );
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  useTitle(title);
  return <Suspense fallback={<Spinner label={t.loader} />}>{children}</Suspense>;
}
