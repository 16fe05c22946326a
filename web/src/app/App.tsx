import { lazy, Suspense, useSyncExternalStore, type ReactElement } from 'react';
import { Route, Routes, useLocation } from '../lib/router';
import { onToastsLoaded, toastsLoaded } from '../lib/toast';
import { useApp } from '../lib/appState';
import Navbar from './Navbar';
import Footer from '../components/Footer';
import OfflineNotice from '../components/OfflineNotice';
import Spinner from '../components/Spinner';
import { t, useLanguage } from '../i18n';
import { inSellerArea, paths, routes, type AppPage } from '../lib/paths';
import { Category, Home, Landing, ProductDetail, Products } from '../features/catalogue';
import { CartPage } from '../features/cart';
import { AddAddress, Loader, PayQR } from '../features/checkout';
import { MyOrders } from '../features/orders';
import { MyInvoice } from '../features/invoice';
import { Contact } from '../features/help';
import { RiderArea, SellerArea as Seller } from '../features/seller';
import { AccountPage, LoginModal } from '../features/account';

// Each page is its own chunk (the features' entries load their pages lazily): the landing and home
// pages load nothing they don't show.
const NotFound = lazy(() => import('../components/NotFound'));

/**
 * appPages are the app's element for each of its pages (the contract's PAGES, from the server's
 * list): a page the server knows and the app does not route, or the other way round, is a type error.
 */
const appPages: Record<AppPage, ReactElement> = {
  landing: <Landing />,
  home: <Home />,
  products: <Products />,
  category: <Category />,
  product: <ProductDetail />,
  cart: <CartPage />,
  addAddress: <AddAddress />,
  myOrders: <MyOrders />,
  myOrderInvoice: <MyInvoice />,
  account: <AccountPage />,
  contact: <Contact />,
  loader: <Loader />,
  payQR: <PayQR />,
  seller: <Seller />,
  rider: <RiderArea />,
};
const appPageNames = Object.keys(appPages) as AppPage[];

// The toaster comes with the first toast (lib/toast.ts).
const Toasts = lazy(() => import('./Toasts'));
const subscribeToasts = (onChange: () => void) => onToastsLoaded(onChange);

export default function App() {
  const { pathname } = useLocation();
  const { showLogin } = useApp();
  const sellerPath = inSellerArea(pathname);
  const showNavbar = pathname !== paths.landing && !sellerPath;
  // A change of language renders the page anew in it: texts are read from the catalogue as pages
  // render. What the shopper did lives outside (the cart, the query cache, the address bar).
  const lang = useLanguage();
  const toasts = useSyncExternalStore(subscribeToasts, toastsLoaded, () => false);

  return (
    <div key={lang} className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t.skipToContent}
      </a>
      {showNavbar && <Navbar />}
      <Suspense fallback={null}>{toasts && <Toasts />}</Suspense>
      <Suspense fallback={null}>{showLogin && !sellerPath && <LoginModal />}</Suspense>
      {/* At least a screen high: while a page's code is on its way, the footer stays below the
          first screen instead of showing there and being pushed away (a layout shift). */}
      <main id="main" className={`min-h-screen flex-1 ${sellerPath || pathname === paths.landing ? '' : 'mx-auto w-full max-w-7xl px-4 md:px-8'}`}>
        <Suspense fallback={<Spinner label={t.loader} />}>
          <Routes>
            {appPageNames.map((name) => (
              <Route key={name} path={routes[name]} element={appPages[name]} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </main>
      {!sellerPath && <Footer />}
      <OfflineNotice raised={pathname === paths.cart} />
    </div>
  );
}
