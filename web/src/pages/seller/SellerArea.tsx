import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useApp } from '../../context';
import Spinner from '../../components/Spinner';
import { t } from '../../i18n/en';
import SellerLogin from './SellerLogin';
import SellerLayout from './SellerLayout';

const AddProduct = lazy(() => import('./AddProduct'));
const ProductList = lazy(() => import('./ProductList'));
const Orders = lazy(() => import('./Orders'));

/** SellerArea is everything under /seller: the login screen for anyone who is not a seller, the seller's pages for sellers. */
export default function SellerArea() {
  const { isSeller, sellerChecked } = useApp();
  if (!sellerChecked) return <Spinner label={t.loader} />;
  if (!isSeller) return <SellerLogin />;
  return (
    <Routes>
      <Route element={<SellerLayout />}>
        <Route index element={<Page><AddProduct /></Page>} />
        <Route path="product-list" element={<Page><ProductList /></Page>} />
        <Route path="orders" element={<Page><Orders /></Page>} />
        <Route path="*" element={<Navigate to="/seller" replace />} />
      </Route>
    </Routes>
  );
}

function Page({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<Spinner label={t.loader} />}>{children}</Suspense>;
}
