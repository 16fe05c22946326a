import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '../lib/router';
import { useApp } from '../lib/appState';
import { t } from '../i18n';
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from '../components/icons';
import Logo from '../components/Logo';
import LanguageSwitch from '../components/LanguageSwitch';
import { paths } from '../lib/paths';
import { useKeepLanguage, useLogout, useUser } from '../features/account';
import { useCart } from '../features/cart';
import { useAlerts } from '../features/alerts';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-1 py-2 hover:text-green-700 ${isActive ? 'text-green-700 font-medium' : ''}`;

function SearchBox({ className = '' }: { className?: string }) {
  const { search, setSearch } = useApp();
  return (
    <label className={`flex items-center gap-2 rounded-full border border-stone-300 bg-white px-3 focus-within:border-green-600 ${className}`}>
      <span className="sr-only">{t.nav.searchLabel}</span>
      <input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t.nav.searchPlaceholder}
        className="min-h-11 w-full bg-transparent text-sm outline-none placeholder:text-slate-500"
      />
      <SearchIcon width={18} height={18} className="shrink-0 text-slate-500" />
    </label>
  );
}

/** Navbar is the shop's top bar: links, search, cart badge and the account menu; it brings the account, the cart and the alerts together. */
export default function Navbar() {
  const { setShowLogin, search, setSearch } = useApp();
  const { user } = useUser();
  const keepLanguage = useKeepLanguage();
  // Products the shopper asked about that are back: shown beside My Orders, where they are listed.
  const { back } = useAlerts();
  const backBadge = back.length > 0 && (
    <span className="ml-2 rounded-full bg-amber-500 px-2 text-xs font-semibold leading-5 text-white">
      <span aria-hidden="true">{back.length}</span>
      <span className="sr-only">{t.alerts.badge(back.length)}</span>
    </span>
  );
  const { count, counted } = useCart();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const profileRef = useRef<HTMLDivElement>(null);

  // Typing a search shows the product list; leaving it afterwards is allowed.
  const lastSearch = useRef(search);
  useEffect(() => {
    if (search === lastSearch.current) return;
    lastSearch.current = search;
    if (search.trim() !== '' && pathname !== paths.products) void navigate(paths.products);
  }, [search, pathname, navigate]);

  // Going to another page closes the menus.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
    setProfileOpen(false);
  }

  // Leaving the results ends the search: the next visit to the product list shows everything.
  const lastPath = useRef(pathname);
  useEffect(() => {
    const was = lastPath.current;
    lastPath.current = pathname;
    if (was === paths.products && pathname !== paths.products) setSearch('');
  }, [pathname, setSearch]);

  useEffect(() => {
    if (!profileOpen) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !profileRef.current?.contains(e.target as Node)) setProfileOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [profileOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <nav className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 md:px-8" aria-label={t.nav.main}>
        <Logo />
        <div className="ml-auto hidden items-center gap-6 text-slate-700 md:flex">
          <NavLink to={paths.home} className={linkClass}>
            {t.nav.home}
          </NavLink>
          <NavLink to={paths.products} end className={linkClass}>
            {t.nav.products}
          </NavLink>
          <NavLink to={paths.contact} className={linkClass}>
            {t.nav.contact}
          </NavLink>
        </div>
        <SearchBox className="order-last w-full lg:order-none lg:w-60" />
        <div className="ml-auto flex items-center gap-2 md:ml-0">
          <LanguageSwitch keep={keepLanguage} />
          <button
            type="button"
            onClick={() => void navigate(paths.cart)}
            className="relative flex h-11 w-11 items-center justify-center rounded-full hover:bg-green-50"
            aria-label={counted ? t.nav.cart(count) : t.nav.cartUncounted}
          >
            <CartIcon className="text-green-800" />
            {/* A page rendered ahead shows no number: the build cannot know what this browser's cart holds. */}
            {counted && (
              <span className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-amber-500 px-1 text-center text-xs font-semibold leading-5 text-white" aria-hidden="true">
                {count}
              </span>
            )}
          </button>
          {!user ? (
            <button type="button" onClick={() => setShowLogin(true)} className="hidden min-h-11 rounded-full bg-green-700 px-7 font-medium text-white hover:bg-green-800 md:block">
              {t.nav.login}
            </button>
          ) : (
            <div className="relative hidden md:block" ref={profileRef}>
              <button
                type="button"
                onClick={() => setProfileOpen((v) => !v)}
                className="relative flex h-11 w-11 items-center justify-center rounded-full bg-green-100 text-green-800 hover:bg-green-200"
                aria-label={back.length > 0 ? `${t.nav.profile}, ${t.alerts.badge(back.length)}` : t.nav.profile}
                aria-haspopup="menu"
                aria-expanded={profileOpen}
              >
                <UserIcon />
                {back.length > 0 && <span className="absolute right-0 top-0 h-3 w-3 rounded-full border-2 border-white bg-amber-500" aria-hidden="true" />}
              </button>
              {profileOpen && (
                <ul role="menu" className="absolute right-0 top-12 w-44 rounded-xl border border-stone-200 bg-white py-2 text-sm shadow-lg">
                  <li role="none">
                    <Link role="menuitem" to={paths.myOrders} className="flex min-h-11 items-center px-4 hover:bg-green-50">
                      {t.nav.myOrders}
                      {backBadge}
                    </Link>
                  </li>
                  <li role="none">
                    <Link role="menuitem" to={paths.seller.root} className="flex min-h-11 items-center px-4 hover:bg-green-50">
                      {t.nav.sellProducts}
                    </Link>
                  </li>
                  <li role="none">
                    <Link role="menuitem" to={paths.account} className="flex min-h-11 items-center px-4 hover:bg-green-50">
                      {t.nav.myAccount}
                    </Link>
                  </li>
                  <li role="none">
                    <button role="menuitem" type="button" onClick={() => logout.mutate()} className="flex min-h-11 w-full items-center px-4 text-left hover:bg-green-50">
                      {t.nav.logout}
                    </button>
                  </li>
                </ul>
              )}
            </div>
          )}
          <button
            type="button"
            onClick={() => setMenuOpen((v) => !v)}
            className="flex h-11 w-11 items-center justify-center rounded-full hover:bg-green-50 md:hidden"
            aria-label={t.nav.menu}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </nav>

      {menuOpen && (
        <div id="mobile-menu" className="border-t border-stone-200 bg-white px-4 py-3 md:hidden">
          <ul className="flex flex-col text-slate-700">
            <li>
              <NavLink to={paths.home} className={({ isActive }) => `block py-3 ${isActive ? 'text-green-700' : ''}`}>
                {t.nav.home}
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.products} end className={({ isActive }) => `block py-3 ${isActive ? 'text-green-700' : ''}`}>
                {t.nav.allProducts}
              </NavLink>
            </li>
            {user && (
              <li>
                <NavLink to={paths.myOrders} className={({ isActive }) => `block py-3 ${isActive ? 'text-green-700' : ''}`}>
                  {t.nav.myOrders}
                  {backBadge}
                </NavLink>
              </li>
            )}
            {user && (
              <li>
                <NavLink to={paths.account} className={({ isActive }) => `block py-3 ${isActive ? 'text-green-700' : ''}`}>
                  {t.nav.myAccount}
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to={paths.contact} className={({ isActive }) => `block py-3 ${isActive ? 'text-green-700' : ''}`}>
                {t.nav.contact}
              </NavLink>
            </li>
            <li className="pt-2">
              {!user ? (
                <button type="button" onClick={() => { setMenuOpen(false); setShowLogin(true); }} className="min-h-11 rounded-full bg-green-700 px-7 font-medium text-white">
                  {t.nav.login}
                </button>
              ) : (
                <button type="button" onClick={() => logout.mutate()} className="min-h-11 rounded-full bg-green-700 px-7 font-medium text-white">
                  {t.nav.logout}
                </button>
              )}
            </li>
          </ul>
        </div>
      )}
    </header>
  );
}
