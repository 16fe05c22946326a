import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactElement } from 'react';
import { Route, Routes, useLocation } from './router';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { useApp } from './context';
import Navbar from './Navbar';
import Footer from '../components/Footer';
import OfflineNotice from '../components/OfflineNotice';
import Spinner from '../components/Spinner';
import { t, useLanguage } from '../i18n';
import { inSellerArea, paths, routes, type AppPage } from './paths';
import { overLimit } from './toastLimit';
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

// On a phone the navigation bar's right end holds the cart badge and the menu: toasts keep to
// the left of it, within the bar's height, so they never cover the badge or the page's buttons.
const phoneQuery = '(max-width: 767px)';
const subscribePhone = (onChange: () => void) => {
  const mq = window.matchMedia(phoneQuery);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(phoneQuery).matches;
const phoneToasts = { top: 8, left: 8, right: 112 };
const wideToasts = { top: 16, left: 16, right: 16 };

/**
 * Toasts shows the toasts where they fit the screen, never piling up: on a phone only the newest
 * shows, elsewhere at most three (overLimit). It is a component of its own so that learning the
 * screen is a phone's (right after a page rendered ahead is taken over) draws the toasts again, not the page.
 */
function Toasts() {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const { toasts } = useToasterStore();
  const limit = phone ? 1 : 3;
  useEffect(() => {
    overLimit(toasts, limit).forEach((id) => toast.dismiss(id));
  }, [toasts, limit]);
  return (
    <Toaster
      position={phone ? 'top-left' : 'top-center'}
      containerClassName="print:hidden"
      containerStyle={phone ? phoneToasts : wideToasts}
      toastOptions={{ duration: 3000, style: { maxWidth: '100%', fontSize: phone ? 14 : undefined } }}
    />
  );
}

export default function App() {
  const { pathname } = useLocation();
  const { showLogin } = useApp();
  const sellerPath = inSellerArea(pathname);
  const showNavbar = pathname !== paths.landing && !sellerPath;
  // A change of language renders the page anew in it: texts are read from the catalogue as pages
  // render. What the shopper did lives outside (the cart, the query cache, the address bar).
  const lang = useLanguage();

  return (
    <div key={lang} className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t.skipToContent}
      </a>
      {showNavbar && <Navbar />}
      <Toasts />
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
