import { Link } from '../app/router';
import { t } from '../i18n';
import Logo from './Logo';
import { paths } from '../app/paths';
import { useHydrated } from '../lib/useHydrated';

const heading = 'mb-3 text-base font-semibold text-slate-900';
const link = 'inline-flex min-h-11 items-center hover:text-green-700 hover:underline';

/** Footer is the shop's footer: quick links, help links, social links and the copyright line. */
export default function Footer() {
  const hydrated = useHydrated();
  return (
    <footer className="mt-24 border-t border-stone-200 bg-green-50/60 px-4 md:px-8">
      <div className="mx-auto flex max-w-7xl flex-col gap-10 py-10 text-slate-600 md:flex-row md:justify-between">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-6">{t.footer.blurb}</p>
        </div>
        <div className="grid grid-cols-2 gap-8 text-sm sm:grid-cols-3 md:w-3/5">
          <div>
            <h2 className={heading}>{t.footer.quickLinks}</h2>
            <ul>
              <li><Link className={link} to={paths.home}>{t.nav.home}</Link></li>
              <li><Link className={link} to={paths.contact}>{t.nav.contact}</Link></li>
              <li><Link className={link} to={paths.help('faqs')}>{t.footer.faqs}</Link></li>
              <li><Link className={link} to={paths.seller.root}>{t.nav.sellProducts}</Link></li>
            </ul>
          </div>
          <div>
            <h2 className={heading}>{t.footer.needHelp}</h2>
            <ul>
              <li><Link className={link} to={paths.myOrders}>{t.footer.delivery}</Link></li>
              <li><Link className={link} to={paths.help('returns')}>{t.footer.returns}</Link></li>
              <li><Link className={link} to={paths.help('payment')}>{t.footer.payment}</Link></li>
              <li><Link className={link} to={paths.myOrders}>{t.footer.track}</Link></li>
              <li><Link className={link} to={paths.contact}>{t.nav.contact}</Link></li>
            </ul>
          </div>
          <div>
            <h2 className={heading}>{t.footer.followUs}</h2>
            <ul>
              <li><a className={link} href="https://www.instagram.com/" target="_blank" rel="noopener noreferrer">{t.footer.social.instagram}</a></li>
              <li><a className={link} href="https://www.facebook.com/" target="_blank" rel="noopener noreferrer">{t.footer.social.facebook}</a></li>
              <li><a className={link} href="https://www.tiktok.com/" target="_blank" rel="noopener noreferrer">{t.footer.social.tiktok}</a></li>
              <li><a className={link} href="https://www.youtube.com/" target="_blank" rel="noopener noreferrer">{t.footer.social.youtube}</a></li>
            </ul>
          </div>
        </div>
      </div>
      <p className="mx-auto min-h-13 max-w-7xl border-t border-stone-200 py-4 text-center text-sm text-slate-500">
        {hydrated && t.footer.copyright(new Date().getFullYear())}
      </p>
    </footer>
  );
}
