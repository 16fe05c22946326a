import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from '../../lib/router';
import { useQuery } from '@tanstack/react-query';
import { ClockIcon, PhoneIcon, ShieldIcon, TruckIcon } from '../../components/icons';
import { useTitle } from '../../lib/useTitle';
import { storeConfigQuery, useDeliveryRules } from '../../lib/config';
import { deliveryTerms, districtNames } from '../../lib/delivery';
import type { ConfigResponse, PaymentMethod } from '../../lib/contract';
import { language, t } from '../../i18n';
import { formatMinor } from '../../lib/money';
import { speedPromise, useStoreSettings } from '../../lib/store';

const tabKeys = ['contact', 'faqs', 'returns', 'payment'] as const;
type TabKey = (typeof tabKeys)[number];

/** ContactTab is how to reach the store, as the seller set it, and its grievance officer; a card without its line is left out. */
function ContactTab() {
  const { delivery } = useDeliveryRules();
  const { store, legal } = useStoreSettings();
  const officer = legal.grievanceOfficer;
  const cards = [
    { icon: PhoneIcon, title: t.help.callUs, lines: [store.phone], note: t.help.hours(store.hours) },
    { icon: ClockIcon, title: t.help.writeUs, lines: [store.email], note: t.help.writeHours(store.hours) },
    { icon: TruckIcon, title: t.help.visitUs, lines: [store.address], note: t.help.area(delivery ? districtNames(delivery.districts, language()) : null) },
    { icon: ShieldIcon, title: t.help.grievance, lines: [officer.name, officer.phone, officer.email], note: t.help.grievanceNote },
  ].filter((c) => c.lines[0]);
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ icon: Icon, title, lines, note }) => (
        <div key={title} className="rounded-2xl bg-green-50 p-6">
          <Icon className="text-green-700" />
          <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
          {lines.filter(Boolean).map((line) => (
            <p key={line} className="mt-1 break-words text-slate-600">
              {line}
            </p>
          ))}
          <p className="text-sm text-slate-500">{note}</p>
        </div>
      ))}
    </div>
  );
}

function FaqTab({ config }: { config: ConfigResponse | undefined }) {
  const { rules, delivery, taxRule } = useDeliveryRules();
  const settings = useStoreSettings();
  // Amounts are named only once the store's currency is known.
  const terms = config ? deliveryTerms(rules, (minor) => formatMinor(minor, config.currency, language())) : null;
  const faqs = [
    { q: t.help.feeQ, a: t.help.feeA(terms, taxRule) },
    { q: t.help.speedQ, a: t.help.speedA(speedPromise(settings)) },
    { q: t.help.areaQ, a: t.help.areaA(delivery ? districtNames(delivery.districts, language()) : null) },
    { q: t.help.missingQ, a: t.help.missingA(settings.policy.missingHours) },
    { q: t.help.supportQ, a: t.help.supportA(settings.store.hours, settings.store.email) },
    ...(config ? [{ q: t.help.payQ, a: t.help.payA((config.paymentMethods ?? []).map((m) => m.label)) }] : []),
  ];
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
  const { policy } = useStoreSettings();
  return (
    <ul className="space-y-3 text-slate-700">
      {t.help.returns(policy).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** PaymentTab lists exactly what the store takes: cash on delivery and each configured online provider. */
function PaymentTab({ config }: { config: ConfigResponse | undefined }) {
  if (!config) return <div className="h-40 animate-pulse rounded-xl bg-stone-100" aria-hidden="true" />;
  const online: PaymentMethod[] = config.paymentMethods ?? [];
  const rows = [
    { id: 'cod', title: t.cart.paymentTypes.COD, text: t.help.cod },
    ...online.map((m) => ({ id: m.id, title: m.label, text: t.help.methods[m.id] ?? t.help.otherMethod })),
  ];
  return (
    <div>
      <p className="text-slate-600">{t.help.payIntro(online.length > 0)}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2" aria-label={t.help.tabs.payment}>
        {rows.map(({ id, title, text }) => (
          <li key={id} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-4">
            <ShieldIcon className="shrink-0 text-green-700" />
            <div>
              <p className="font-medium text-slate-800">{title}</p>
              <p className="text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      {online.length === 0 && <p className="mt-4 text-sm text-slate-500">{t.help.noOnline}</p>}
    </div>
  );
}

/** Contact is the help centre: contact details, FAQs, returns and payment methods. */
export default function Contact() {
  useTitle(t.titles.contact);
  const [params, setParams] = useSearchParams();
  const { data: config } = useQuery(storeConfigQuery);
  const tabs = tabKeys.map((key) => ({ key, label: t.help.tabs[key] }));
  const active: TabKey = tabs.some((x) => x.key === params.get('tab')) ? (params.get('tab') as TabKey) : 'contact';
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (key: TabKey) => setParams(key === 'contact' ? {} : { tab: key }, { replace: true });

  function onKeyDown(e: KeyboardEvent, i: number) {
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i + tabs.length - 1) % tabs.length : -1;
    const tab = tabs[next];
    if (!tab) return;
    e.preventDefault();
    select(tab.key);
    refs.current[next]?.focus();
  }

  return (
    <div className="mt-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t.help.title}</h1>
      <p className="mt-1 text-slate-600">{t.help.intro}</p>
      <div role="tablist" aria-label={t.help.topics} className="mt-6 flex flex-wrap gap-2">
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
        {active === 'contact' && <ContactTab />}
        {active === 'faqs' && <FaqTab config={config} />}
        {active === 'returns' && <ReturnsTab />}
        {active === 'payment' && <PaymentTab config={config} />}
      </div>
    </div>
  );
}
