import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ClockIcon, PhoneIcon, ShieldIcon, TruckIcon } from '../components/icons';
import { useTitle } from '../lib/useTitle';
import { t } from '../i18n/en';

const tabs = [
  { key: 'contact', label: 'Contact Us' },
  { key: 'faqs', label: 'FAQs' },
  { key: 'returns', label: 'Returns & Refunds' },
  { key: 'payment', label: 'Payment Methods' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

const faqs = [
  { q: 'How much does delivery cost?', a: 'Delivery is free on orders above NPR 1,000; below that it costs NPR 75.' },
  { q: 'How fast will my order arrive?', a: 'Most orders in the Kathmandu Valley arrive within 30 minutes. Same-day and next-day slots are available at checkout.' },
  { q: 'Where do you deliver?', a: 'Across the Kathmandu Valley: Kathmandu, Lalitpur and Bhaktapur.' },
  { q: 'An item is missing from my order. What do I do?', a: 'Tell us within 24 hours of delivery and we will send it or refund it.' },
  { q: 'When is support available?', a: 'Our support team answers from 9 AM to 9 PM, every day of the week.' },
];

function ContactTab() {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <div className="rounded-2xl bg-green-50 p-6">
        <PhoneIcon className="text-green-700" />
        <h3 className="mt-3 font-semibold text-slate-900">Call us</h3>
        <p className="mt-1 text-slate-600">+977 1-5970000</p>
        <p className="text-sm text-slate-500">9 AM-9 PM daily</p>
      </div>
      <div className="rounded-2xl bg-green-50 p-6">
        <ClockIcon className="text-green-700" />
        <h3 className="mt-3 font-semibold text-slate-900">Write to us</h3>
        <p className="mt-1 text-slate-600">support@haat.com.np</p>
        <p className="text-sm text-slate-500">We reply within a few hours.</p>
      </div>
      <div className="rounded-2xl bg-green-50 p-6">
        <TruckIcon className="text-green-700" />
        <h3 className="mt-3 font-semibold text-slate-900">Visit us</h3>
        <p className="mt-1 text-slate-600">Kupondole, Lalitpur</p>
        <p className="text-sm text-slate-500">Delivering across the Kathmandu Valley.</p>
      </div>
    </div>
  );
}

function FaqTab() {
  return (
    <div className="space-y-3">
      {faqs.map((f, i) => (
        <details key={f.q} open={i === 0} className="group rounded-xl border border-stone-200 bg-white p-4">
          <summary className="cursor-pointer list-none font-medium text-slate-800">{f.q}</summary>
          <p className="mt-2 text-slate-600">{f.a}</p>
        </details>
      ))}
    </div>
  );
}

function ReturnsTab() {
  return (
    <ul className="space-y-3 text-slate-700">
      <li>Returns are accepted within 7 days of delivery for items that are unopened or faulty.</li>
      <li>Perishables such as vegetables, fruit, dairy and bakery items can't be returned unless they arrive damaged or defective.</li>
      <li>Report missing or damaged items within 24 hours of delivery, with a photo if you can.</li>
      <li>Refunds reach your original payment method, or your Haat wallet credit, within 3-5 business days.</li>
    </ul>
  );
}

function PaymentTab() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {[
        ['Cash on delivery', 'Pay the rider in cash when your groceries arrive.'],
        ['Digital wallets', 'eSewa and Khalti.'],
        ['Cards', 'Visa and Mastercard debit and credit cards.'],
        ['Bank transfer', 'Direct transfer and mobile banking.'],
        ['Wallet credit', 'Refunds and offers credited to your Haat wallet.'],
      ].map(([title, text]) => (
        <li key={title} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-4">
          <ShieldIcon className="shrink-0 text-green-700" />
          <div>
            <p className="font-medium text-slate-800">{title}</p>
            <p className="text-sm text-slate-600">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

const panels: Record<TabKey, () => React.JSX.Element> = { contact: ContactTab, faqs: FaqTab, returns: ReturnsTab, payment: PaymentTab };

/** Contact is the help centre: contact details, FAQs, returns and payment methods. */
export default function Contact() {
  useTitle(t.titles.contact);
  const [params, setParams] = useSearchParams();
  const active: TabKey = tabs.some((x) => x.key === params.get('tab')) ? (params.get('tab') as TabKey) : 'contact';
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (key: TabKey) => setParams(key === 'contact' ? {} : { tab: key }, { replace: true });

  function onKeyDown(e: KeyboardEvent, i: number) {
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i + tabs.length - 1) % tabs.length : -1;
    if (next < 0) return;
    e.preventDefault();
    select(tabs[next].key);
    refs.current[next]?.focus();
  }

  const Panel = panels[active];
  return (
    <div className="mt-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">Help Centre</h1>
      <p className="mt-1 text-slate-600">Help with orders, deliveries, returns and payments.</p>
      <div role="tablist" aria-label="Help topics" className="mt-6 flex flex-wrap gap-2">
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="tab"
            id={`tab-${tab.key}`}
            aria-selected={active === tab.key}
            aria-controls={`panel-${tab.key}`}
            tabIndex={active === tab.key ? 0 : -1}
            onClick={() => select(tab.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={`min-h-11 whitespace-nowrap rounded-full border px-4 font-medium ${active === tab.key ? 'border-green-700 bg-green-700 text-white' : 'border-stone-300 bg-white text-slate-700 hover:border-green-600 hover:text-green-800'}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`} className="py-6">
        <Panel />
      </div>
    </div>
  );
}
