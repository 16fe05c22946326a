import { Link } from '../../lib/router';
import Logo from '../../components/Logo';
import LanguageSwitch from '../../components/LanguageSwitch';
import { useKeepLanguage } from '../account';
import { ClockIcon, LeafIcon, ShieldIcon, TagIcon, TruckIcon } from '../../components/icons';
import { useTitle } from '../../lib/useTitle';
import { paths } from '../../lib/paths';
import { t } from '../../i18n';
import { useStoreConfig } from '../../lib/config';
import DeliveryNote from './DeliveryNote';
import SpeedPromise from '../../components/SpeedPromise';
import { ahead, storeName, useStoreSettings } from '../../lib/store';

/** FEATURES is how many of the store's claims the landing page shows as cards; the rest are its Why Choose list. */
const FEATURES = 3;
const featureIcons = [TruckIcon, LeafIcon, TagIcon];

/** Landing is the welcome page at /, without the shop's navigation bar. */
export default function Landing() {
  useTitle('');
  const { paymentMethods } = useStoreConfig();
  const settings = useStoreSettings();
  const keepLanguage = useKeepLanguage();
  const name = storeName(settings);
  const claims = settings.store.claims.map((c, i) => ({ ...c, i, show: ahead(`has:store.claims.${i}`, true) }));
  return (
    <div>
      <section className="bg-gradient-to-b from-green-50 to-stone-50 px-4 pb-16 pt-6 md:px-8">
        <div className="mx-auto max-w-6xl">
          <div className="flex items-center justify-between gap-4">
            <Logo to={paths.landing} />
            <LanguageSwitch className="bg-white" keep={keepLanguage} />
          </div>
          <div className="mt-12 grid items-center gap-10 md:grid-cols-2">
            <div>
              <SpeedPromise className="mb-4 w-fit rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800" />
              <h1 className="text-4xl font-bold leading-tight text-slate-900 md:text-5xl">{t.landing.title}</h1>
              <p className="mt-4 max-w-lg text-lg text-slate-600">
                {t.landing.text}
              </p>
              <DeliveryNote className="mt-2 max-w-lg font-medium text-green-800" />
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to={paths.home} className="inline-flex min-h-12 items-center rounded-full bg-green-700 px-8 font-semibold text-white hover:bg-green-800">
                  {t.landing.startShopping}
                </Link>
                <Link to={paths.seller.root} className="inline-flex min-h-12 items-center rounded-full border border-green-700 px-8 font-semibold text-green-800 hover:bg-green-50">
                  {t.landing.sell(name)}
                </Link>
              </div>
            </div>
            <div className="grid grid-cols-3 gap-3" aria-hidden="true">
              {['suntala', 'rayo-saag', 'milk', 'jumla-rice', 'bread', 'wai-wai'].map((slug, i) => (
                <div key={slug} className={`flex aspect-square items-center justify-center rounded-2xl p-3 ${['bg-orange-100', 'bg-lime-100', 'bg-yellow-50', 'bg-emerald-100', 'bg-rose-100', 'bg-amber-100'][i]}`}>
                  <img src={`/media/catalogue/${slug}.webp`} alt="" width={256} height={256} className="h-full w-full object-contain" />
                </div>
              ))}
            </div>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 md:px-8" aria-labelledby="features">
        <h2 id="features" className="sr-only">{t.landing.featuresTitle(name)}</h2>
        <div className="grid gap-4 md:grid-cols-3">
          {claims.slice(0, FEATURES).map(({ title, text, i, show }) => {
            const Icon = featureIcons[i % featureIcons.length]!;
            return (
              <div {...show} key={i} className="rounded-2xl border border-stone-200 bg-white p-6">
                <Icon className="text-green-700" />
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-slate-600">{text}</p>
              </div>
            );
          })}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 md:px-8" aria-labelledby="how">
        <h2 id="how" className="text-2xl font-bold text-slate-900 md:text-3xl">{t.landing.howItWorks}</h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {t.landing.steps(paymentMethods.length > 0).map((s, i) => (
            <li key={s.title} className="rounded-2xl bg-green-50 p-6">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-green-700 font-bold text-white">{i + 1}</span>
              <h3 className="mt-3 font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto grid max-w-6xl gap-8 px-4 py-12 md:grid-cols-2 md:px-8" aria-labelledby="why">
        <div>
          <h2 id="why" className="text-2xl font-bold text-slate-900 md:text-3xl">{t.landing.whyChoose(name)}</h2>
          <ul className="mt-6 space-y-3">
            {claims.slice(FEATURES).map(({ title, text, i, show }) => (
              <li {...show} key={i} className="flex gap-3 text-slate-700">
                <ShieldIcon className="shrink-0 text-green-700" width={22} height={22} />
                <span>
                  <span className="font-semibold">{title}</span> {text}
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col justify-center rounded-3xl bg-green-800 p-8 text-white">
          <ClockIcon className="text-amber-300" />
          <h2 className="mt-3 text-2xl font-bold">{t.landing.growTitle(name)}</h2>
          <p className="mt-2 text-green-100">{t.landing.growText}</p>
          <Link to={paths.seller.root} className="mt-6 inline-flex min-h-12 w-fit items-center rounded-full bg-amber-400 px-8 font-semibold text-slate-900 hover:bg-amber-300">
            {t.landing.becomeSeller}
          </Link>
        </div>
      </section>
    </div>
  );
}
