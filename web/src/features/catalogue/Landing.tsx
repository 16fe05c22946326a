import { Link } from 'react-router';
import Logo from '../../components/Logo';
import { useApp } from '../../app/context';
import { ClockIcon, LeafIcon, ShieldIcon, TagIcon, TruckIcon } from '../../components/icons';
import { useTitle } from '../../lib/useTitle';
import { paths } from '../../app/paths';

const features = [
  { icon: TruckIcon, title: 'Same-day delivery', text: 'Most orders reach you within 30 minutes, and every order arrives the same day or the next.' },
  { icon: LeafIcon, title: 'Picked daily', text: 'Vegetables and fruit come from farms around the valley the morning you order.' },
  { icon: TagIcon, title: 'Daily discounts', text: 'Fair prices on staples, with fresh offers on something new every day.' },
];

// Paying online is promised only where the store offers it.
const steps = (online: boolean) => [
  { title: 'Browse', text: 'Find vegetables, fruit, dairy, bakery, drinks, instant food and grains.' },
  { title: 'Add to Cart', text: 'Keep what you need in your cart, even before you sign in.' },
  { title: 'Checkout', text: `Pick a saved address and pay cash on delivery${online ? ' or online' : ''}.` },
  { title: 'Relax', text: 'We pack it fresh and bring it to your door, same day or next day.' },
];

const reasons = [
  'Over 15,000 households in the Kathmandu Valley shop with us',
  'Fresh and organic produce at the best prices',
  'Eco-friendly packaging',
  'Secure payment, order tracking and transparent billing',
  'Customer-first returns and refunds, 24/7 support',
];

/** Landing is the welcome page at /, without the shop's navigation bar. */
export default function Landing() {
  useTitle('');
  const { paymentMethods } = useApp();
  return (
    <div>
      <section className="bg-gradient-to-b from-green-50 to-stone-50 px-4 pb-16 pt-6 md:px-8">
        <div className="mx-auto max-w-6xl">
          <Logo to={paths.landing} />
          <div className="mt-12 grid items-center gap-10 md:grid-cols-2">
            <div>
              <p className="w-fit rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-800">Delivered within 30 minutes</p>
              <h1 className="mt-4 text-4xl font-bold leading-tight text-slate-900 md:text-5xl">The weekly haat, open every day at your door</h1>
              <p className="mt-4 max-w-lg text-lg text-slate-600">
                Fresh groceries for the Kathmandu Valley: picked daily, packed with care and delivered the same day or the next.
              </p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to={paths.home} className="inline-flex min-h-12 items-center rounded-full bg-green-700 px-8 font-semibold text-white hover:bg-green-800">
                  Start Shopping
                </Link>
                <Link to={paths.seller.root} className="inline-flex min-h-12 items-center rounded-full border border-green-700 px-8 font-semibold text-green-800 hover:bg-green-50">
                  Sell on Haat
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
        <h2 id="features" className="sr-only">Why shoppers like Haat</h2>
        <div className="grid gap-4 md:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-stone-200 bg-white p-6">
              <Icon className="text-green-700" />
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12 md:px-8" aria-labelledby="how">
        <h2 id="how" className="text-2xl font-bold text-slate-900 md:text-3xl">How It Works</h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps(paymentMethods.length > 0).map((s, i) => (
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
          <h2 id="why" className="text-2xl font-bold text-slate-900 md:text-3xl">Why Choose Haat</h2>
          <ul className="mt-6 space-y-3">
            {reasons.map((r) => (
              <li key={r} className="flex gap-3 text-slate-700">
                <ShieldIcon className="shrink-0 text-green-700" width={22} height={22} />
                {r}
              </li>
            ))}
          </ul>
        </div>
        <div className="flex flex-col justify-center rounded-3xl bg-green-800 p-8 text-white">
          <ClockIcon className="text-amber-300" />
          <h2 className="mt-3 text-2xl font-bold">Grow your shop with Haat</h2>
          <p className="mt-2 text-green-100">List your products with photos, switch stock on and off and handle orders from one seller area.</p>
          <Link to={paths.seller.root} className="mt-6 inline-flex min-h-12 w-fit items-center rounded-full bg-amber-400 px-8 font-semibold text-slate-900 hover:bg-amber-300">
            Become a Seller
          </Link>
        </div>
      </section>
    </div>
  );
}
