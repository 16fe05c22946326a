import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { Route, Routes, useNavigate } from '../../lib/router';
import Spinner from '../../components/Spinner';
import { t } from '../../i18n';
import SellerLogin from './SellerLogin';
import SellerLayout from './SellerLayout';
import { Title, useTitle } from '../../lib/useTitle';
import { paths, routes, type SellerPage } from '../../lib/paths';
import { useSellerSession } from '../seller-session';
import { AddProduct, EditProduct, ImportProducts, ProductList } from '../seller-products';
import { DeliverySlots, Launch, Settings } from '../seller-settings';
import { Orders, PackingSlip, PackPage } from '../seller-orders';
import { CashSheets, Claims, Coupons } from '../seller-money';
import { Staff } from '../seller-staff';
import { SellerInvoice } from '../invoice';

const NotFound = lazy(() => import('../../components/NotFound'));
const Dashboard = lazy(() => import('./Dashboard'));

/**
 * sellerPages are the seller area's element for each of its pages below /seller (the contract's
 * PAGES, from the server's list): a page the server knows and the area does not route is a type error.
 * They are made as the area renders, so that their titles are in the language shown.
 */
const sellerPages = (): Record<SellerPage, ReactElement> => ({
  sellerDashboard: <Page title={t.titles.dashboard}><Dashboard /></Page>,
  sellerProductList: <Page title={t.titles.productList}><ProductList /></Page>,
  sellerEditProduct: <Page title={t.titles.editProduct}><EditProduct /></Page>,
  sellerOrders: <Page title={t.titles.sellerOrders}><Orders /></Page>,
  sellerPack: <Page title={t.titles.pack}><PackPage /></Page>,
  sellerSlots: <Page title={t.titles.deliverySlots}><DeliverySlots /></Page>,
  sellerSettings: <Page title={t.titles.settings}><Settings /></Page>,
  sellerImport: <Page title={t.titles.productImport}><ImportProducts /></Page>,
  sellerLaunch: <Page title={t.titles.launch}><Launch /></Page>,
  sellerStaff: <Page title={t.seller.staff.title}><Staff /></Page>,
  sellerCash: <Page title={t.titles.cash}><CashSheets /></Page>,
  sellerClaims: <Page title={t.seller.claims.title}><Claims /></Page>,
  sellerCoupons: <Page title={t.seller.coupons.title}><Coupons /></Page>,
  // The slip and the invoice name their page after the order's number themselves.
  sellerOrderSlip: <Suspense fallback={<Spinner label={t.loader} />}><PackingSlip /></Suspense>,
  sellerOrderInvoice: <Suspense fallback={<Spinner label={t.loader} />}><SellerInvoice /></Suspense>,
});

/** ownerPages are the pages only the owner's role reaches; every other page is the orders' part (owner and packers). */
const ownerPages = new Set<SellerPage>(['sellerDashboard', 'sellerEditProduct', 'sellerSlots', 'sellerSettings', 'sellerImport', 'sellerLaunch', 'sellerStaff', 'sellerCash', 'sellerClaims', 'sellerCoupons']);

/** NotForRole stands for a page the signed-in member of staff's role does not reach, instead of a page whose calls would all be refused. */
function NotForRole() {
  return (
    <div className="p-4 md:p-10" role="status">
      <p className="max-w-xl rounded-2xl border border-stone-200 bg-white p-6 text-slate-700">{t.seller.notForRole}</p>
    </div>
  );
}

/** SellerArea is everything under /seller: the login screen for anyone who is not a seller, the seller's pages for sellers. */
export default function SellerArea() {
  const { isSeller, seller, checked: sellerChecked } = useSellerSession();
  if (!sellerChecked) return <Spinner label={t.loader} />;
  if (!isSeller) {
    return (
      <>
        <Title page={t.titles.sellerLogin} />
        <SellerLogin />
      </>
    );
  }
  const pages = sellerPages();
  return (
    <Routes>
      <Route element={<SellerLayout />}>
        <Route
          index
          element={
            seller?.role === 'rider' ? (
              <Redirect to={paths.rider} />
            ) : seller?.role === 'packer' ? (
              <Redirect to={paths.seller.orders} />
            ) : (
              <Page title={t.titles.addProduct}><AddProduct /></Page>
            )
          }
        />
        {(Object.keys(pages) as SellerPage[]).map((name) => (
          <Route
            key={name}
            path={routes.sellerPages[name]}
            element={seller?.reach.includes(ownerPages.has(name) ? 'owner' : 'orders') ? pages[name] : <NotForRole />}
          />
        ))}
        <Route path="*" element={<Page title={t.titles.notFound}><NotFound /></Page>} />
      </Route>
    </Routes>
  );
}

/** Redirect sends a member of staff from the area's index (adding a product, the owner's) to their own first page. */
function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return <Spinner label={t.loader} />;
}

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  useTitle(title);
  return <Suspense fallback={<Spinner label={t.loader} />}>{children}</Suspense>;
}
