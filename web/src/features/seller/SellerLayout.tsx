import { NavLink, Outlet } from '../../lib/router';
import Logo from '../../components/Logo';
import LanguageSwitch from '../../components/LanguageSwitch';
import { BoxIcon, CashIcon, ChartIcon, ClockIcon, ListIcon, PlusIcon, ScaleIcon, SettingsIcon, ShieldIcon, TagIcon, UsersIcon } from '../../components/icons';
import { t } from '../../i18n';
import { paths } from '../../lib/paths';
import { useSellerLanguage, useSellerLogout, useSellerSession } from '../seller-session';
import type { Access } from '../../lib/contract';

/**
 * links are the sidebar's, read when shown, in the language shown then; each shows to the roles
 * that reach its part of the seller area (the session's reach, from the server).
 */
const links = (): { to: string; label: string; Icon: typeof ChartIcon; end: boolean; reach: Access }[] => [
  { to: paths.seller.dashboard, label: t.seller.dashboard, Icon: ChartIcon, end: false, reach: 'owner' },
  { to: paths.seller.root, label: t.seller.addProduct, Icon: PlusIcon, end: true, reach: 'owner' },
  { to: paths.seller.productList, label: t.seller.productList, Icon: ListIcon, end: false, reach: 'orders' },
  { to: paths.seller.orders, label: t.seller.orders, Icon: BoxIcon, end: false, reach: 'orders' },
  { to: paths.seller.pack, label: t.seller.pack.nav, Icon: ScaleIcon, end: false, reach: 'orders' },
  { to: paths.seller.slots, label: t.seller.slots, Icon: ClockIcon, end: false, reach: 'owner' },
  { to: paths.seller.cash, label: t.seller.cash.nav, Icon: CashIcon, end: false, reach: 'owner' },
  { to: paths.seller.claims, label: t.seller.claims.nav, Icon: ShieldIcon, end: false, reach: 'owner' },
  { to: paths.seller.coupons, label: t.seller.coupons.nav, Icon: TagIcon, end: false, reach: 'owner' },
  { to: paths.seller.settings, label: t.seller.settings, Icon: SettingsIcon, end: false, reach: 'owner' },
  { to: paths.seller.staff, label: t.seller.staffNav, Icon: UsersIcon, end: false, reach: 'owner' },
  { to: paths.seller.launch, label: t.seller.launch, Icon: ShieldIcon, end: false, reach: 'owner' },
  { to: paths.rider, label: t.seller.deliveriesNav, Icon: BoxIcon, end: false, reach: 'deliveries' },
];

/** SellerLayout frames the seller's pages: a header with the greeting and Logout, and the sidebar. */
export default function SellerLayout() {
  const sellerLogout = useSellerLogout();
  const keepLanguage = useSellerLanguage();
  const { seller } = useSellerSession();
  const reach = seller?.reach ?? [];

  return (
    <div className="flex min-h-screen flex-col bg-stone-50 print:min-h-0 print:bg-white">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 bg-white px-4 py-3 md:px-8 print:hidden">
        <Logo />
        <div className="flex items-center gap-2 text-slate-600 sm:gap-4">
          <p className="text-sm whitespace-nowrap sm:text-base">{seller?.role === 'owner' || !seller?.name ? t.seller.greeting : t.seller.greetingStaff(seller.name)}</p>
          <LanguageSwitch keep={keepLanguage} />
          <button type="button" onClick={() => sellerLogout.mutate()} className="min-h-11 rounded-full border border-stone-300 px-4 text-sm whitespace-nowrap hover:bg-stone-100 sm:px-5">
            {t.seller.logout}
          </button>
        </div>
      </header>
      <div className="flex flex-1">
        <nav aria-label={t.seller.nav} className="w-16 shrink-0 border-r border-stone-200 bg-white pt-4 md:w-52 lg:w-60 print:hidden">
          <ul>
            {links().filter((l) => reach.includes(l.reach)).map(({ to, label, Icon, end }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={end}
                  className={({ isActive }) =>
                    `flex min-h-12 items-center gap-3 px-4 py-3 ${
                      isActive ? 'border-r-4 border-green-700 bg-green-50 font-medium text-green-800' : 'text-slate-700 hover:bg-stone-100'
                    }`
                  }
                >
                  <Icon className="shrink-0" />
                  <span className="sr-only md:not-sr-only">{label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
