import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { useApp } from './context';
import Navbar from './components/Navbar';
import Footer from './components/Footer';
import Spinner from './components/Spinner';
import { t } from './i18n/en';

// Each page is its own chunk: the landing and home pages load nothing they don't show.
const Landing = lazy(() => import('./pages/Landing'));
const Home = lazy(() => import('./pages/Home'));
const Products = lazy(() => import('./pages/Products'));
const Category = lazy(() => import('./pages/Category'));
const ProductDetail = lazy(() => import('./pages/ProductDetail'));
const CartPage = lazy(() => import('./pages/Cart'));
const AddAddress = lazy(() => import('./pages/AddAddress'));
const MyOrders = lazy(() => import('./pages/MyOrders'));
const Contact = lazy(() => import('./pages/Contact'));
const Loader = lazy(() => import('./pages/Loader'));
const Seller = lazy(() => import('./pages/seller/SellerArea'));
const NotFound = lazy(() => import('./pages/NotFound'));
const LoginModal = lazy(() => import('./components/LoginModal'));

export default function App() {
  const { pathname } = useLocation();
  const { showLogin } = useApp();
  const sellerPath = pathname === '/seller' || pathname.startsWith('/seller/');
  const showNavbar = pathname !== '/' && !sellerPath;

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      {showNavbar && <Navbar />}
      <Toaster position="top-center" toastOptions={{ duration: 3000 }} />
      <Suspense fallback={null}>{showLogin && !sellerPath && <LoginModal />}</Suspense>
      <main id="main" className={`flex-1 ${sellerPath || pathname === '/' ? '' : 'mx-auto w-full max-w-7xl px-4 md:px-8'}`}>
        <Suspense fallback={<Spinner label={t.loader} />}>
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route path="/home" element={<Home />} />
            <Route path="/products" element={<Products />} />
            <Route path="/products/:category" element={<Category />} />
            <Route path="/products/:category/:id" element={<ProductDetail />} />
            <Route path="/cart" element={<CartPage />} />
            <Route path="/add-address" element={<AddAddress />} />
            <Route path="/my-orders" element={<MyOrders />} />
            <Route path="/contact" element={<Contact />} />
            <Route path="/loader" element={<Loader />} />
            <Route path="/seller/*" element={<Seller />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </main>
      {!sellerPath && <Footer />}
    </div>
  );
}
