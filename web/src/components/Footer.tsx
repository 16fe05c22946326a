import { Link } from '../lib/router';
import { t } from '../i18n';
import Logo from './Logo';
import { paths } from '../lib/paths';
import { useHydrated } from '../lib/useHydrated';
import { ahead, storeName, useStoreSettings } from '../lib/store';
import type { SocialLinks } from '../lib/contract';

const heading = 'mb-3 text-base font-semibold text-slate-900';
const link = 'inline-flex min-h-11 items-center hover:text-green-700 hover:underline';

/** networks are the social networks the footer links to, in its order. */
const networks: (keyof SocialLinks)[] = ['instagram', 'facebook', 'tiktok', 'youtube'];

/**
 * Footer is the shop's footer: the store's tagline, quick links, help links, the store's social
 * links, the business details the law asks for, and the copyright line.
 */
export default function Footer() {
  const hydrated = useHydrated();
  const settings = useStoreSettings();
  const { store, legal, invoice } = settings;
  const officer = legal.grievanceOfficer;
  const social = networks.map((n) => ({ n, href: store.social[n], show: ahead(`has:store.social.${n}`, !!store.social[n]) }));
  const legalLines = [
    { label: t.footer.legal.registeredName, key: 'invoice.legalName', value: invoice?.legalName ?? '' },
    { label: t.footer.legal.registrationNo, key: 'legal.registrationNo', value: legal.registrationNo },
    { label: t.footer.legal.pan, key: 'invoice.pan', value: invoice?.pan ?? '' },
    { label: t.footer.legal.docscp, key: 'legal.docscpListing', value: legal.docscpListing },
  ].map((l) => ({ ...l, show: ahead(`has:${l.key}`, !!l.value) }));
  const followUs = ahead('has:store.social', networks.some((n) => !!store.social[n]));
  const officerShow = ahead('has:legal.grievanceOfficer.name', !!officer.name);
  return (
    <footer className="mt-24 border-t border-stone-200 bg-green-50/60 px-4 md:px-8">
      <div className="mx-auto flex max-w-7xl flex-col gap-10 py-10 text-slate-600 md:flex-row md:justify-between">
        <div className="max-w-sm">
          <Logo />
          <p className="mt-4 text-sm leading-6">{store.tagline}</p>
          <dl className="mt-4 space-y-1 text-sm" aria-label={t.footer.legal.title}>
            {legalLines.map(
              ({ label, key, value, show }) =>
                show && (
                  <div {...show} key={key} className="flex flex-wrap gap-x-1">
                    <dt>{label}:</dt>
                    <dd className="font-medium text-slate-700">{value}</dd>
                  </div>
                ),
            )}
            {officerShow && (
              <div {...officerShow} className="flex flex-wrap gap-x-1">
                <dt>{t.footer.legal.grievance}:</dt>
                <dd className="font-medium text-slate-700">
                  {officer.name} · {officer.phone} · {officer.email}
                </dd>
              </div>
            )}
          </dl>
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
          {followUs && (
          <div {...followUs}>
            <h2 className={heading}>{t.footer.followUs}</h2>
            <ul>
              {social.map(
                ({ n, href, show }) =>
                  show && (
                    <li {...show} key={n}>
                      <a className={link} href={href} target="_blank" rel="noopener noreferrer">
                        {t.footer.social[n]}
                      </a>
                    </li>
                  ),
              )}
            </ul>
          </div>
          )}
        </div>
      </div>
      <p className="mx-auto min-h-13 max-w-7xl border-t border-stone-200 py-4 text-center text-sm text-slate-500">
        {hydrated && t.footer.copyright(new Date().getFullYear(), storeName(settings))}
      </p>
    </footer>
  );
}
