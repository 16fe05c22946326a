import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { storeSettingsQuery, useStoreConfig } from '../../lib/config';
import { DISTRICTS, KATHMANDU_VALLEY, MAX_INVOICE_ADDRESS, MAX_LEGAL_NAME, PAN_DIGITS, PROVINCES, TAX_RULES, type DeliveryRules, type InvoiceDetails, type StoreSettings, type TaxRule, type Substitute } from '../../lib/contract';
import TextField from '../../components/TextField';
import { RowSkeleton } from '../../components/Spinner';
import { t, useLanguage } from '../../i18n';
import { useSaveSettings } from './api';
import { useVatExemptCount } from '../seller-products';
import { ClaimsSection, LegalSection, PolicySection, StoreSection } from './StoreSections';
import { SearchWordsSection } from './SearchWords';
import { withDefaults } from '../../lib/store';

const card = 'rounded-2xl border border-stone-200 bg-white p-5';
/** texts are the page's, read when shown, in the language shown then. */
const texts = () => t.seller.settingsPage;

/**
 * sections are the settings page's parts, in order; each loads nothing itself and saves its own
 * fields only (a field left out of a save keeps its value), so a new section is one more entry.
 */
const sections: { key: string; Section: (p: { settings: StoreSettings }) => ReactNode }[] = [
  { key: 'store', Section: StoreSection },
  { key: 'claims', Section: ClaimsSection },
  { key: 'policy', Section: PolicySection },
  { key: 'legal', Section: LegalSection },
  { key: 'delivery', Section: DeliverySection },
  { key: 'tax', Section: TaxSection },
  { key: 'substitute', Section: SubstituteSection },
  { key: 'search', Section: SearchWordsSection },
  { key: 'invoice', Section: InvoiceSection },
];

/** Settings is the seller's store settings: a list of sections, each saved on its own with a toast. */
export default function Settings() {
  const text = texts();
  const { data, isPending, isError } = useQuery(storeSettingsQuery);
  return (
    <div className="max-w-3xl space-y-6 p-4 md:p-10">
      <h1 className="text-2xl font-bold text-slate-900">{text.title}</h1>
      {isPending ? (
        <div role="status" aria-label={t.loader}>
          <RowSkeleton tall />
        </div>
      ) : isError || !data ? (
        <p className="text-red-700">{text.loadFailed}</p>
      ) : (
        sections.map(({ key, Section }) => <Section key={key} settings={withDefaults(data.settings)} />)
      )}
    </div>
  );
}

/** SettingsCard is one section of the page: its heading, what it sets, and its form. */
function SettingsCard({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section className={card} aria-labelledby={`settings-${id}`}>
      <h2 id={`settings-${id}`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}

/** amountPattern is an amount as typed: digits with at most two decimals. */
const amountPattern = /^\d+(\.\d{1,2})?$/;

/** DeliverySection sets the delivery rules: on or off, the districts, the fee, the free-delivery threshold and the minimum order. */
function DeliverySection({ settings }: { settings: StoreSettings }) {
  const text = texts();
  const { symbol } = useStoreConfig();
  const lang = useLanguage();
  const save = useSaveSettings();
  const saved: DeliveryRules = settings.delivery ?? { districts: [...KATHMANDU_VALLEY], fee: 0, freeFrom: 0, minimumOrder: 0 };
  const [on, setOn] = useState(settings.delivery !== null);
  const [districts, setDistricts] = useState(() => new Set(saved.districts));
  const [fee, setFee] = useState(String(saved.fee));
  const [freeFrom, setFreeFrom] = useState(String(saved.freeFrom));
  const [minimum, setMinimum] = useState(String(saved.minimumOrder));

  const toggle = (d: string) =>
    setDistricts((was) => {
      const next = new Set(was);
      if (next.has(d)) next.delete(d);
      else next.add(d);
      return next;
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    const send = (delivery: DeliveryRules | null) => save.mutate({ delivery }, { onError: (err) => toast.error(err.message, { id: 'settings-error' }) });
    if (!on) {
      send(null);
      return;
    }
    const amounts = [
      [text.delivery.fee, fee],
      [text.delivery.freeFrom, freeFrom],
      [text.delivery.minimum, minimum],
    ] as const;
    const bad = amounts.find(([, v]) => !amountPattern.test(v.trim()));
    if (bad) {
      toast.error(text.delivery.notAmount(bad[0]), { id: 'settings-error' });
      return;
    }
    if (districts.size === 0) {
      toast.error(text.delivery.noDistrict, { id: 'settings-error' });
      return;
    }
    send({ districts: DISTRICTS.filter((d) => districts.has(d.name)).map((d) => d.name), fee: Number(fee), freeFrom: Number(freeFrom), minimumOrder: Number(minimum) });
  }

  const amountField = (label: string, hint: string | null, value: string, set: (v: string) => void, id: string) => (
    <div>
      <TextField label={text.delivery.inCurrency(label, symbol)} inputMode="decimal" value={value} onChange={(e) => set(e.target.value)} aria-describedby={hint ? id : undefined} name={id} />
      {hint && (
        <p id={id} className="mt-1 text-sm text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );

  return (
    <SettingsCard id="delivery" title={text.delivery.title} intro={text.delivery.intro}>
      <form onSubmit={submit} className="mt-4 space-y-5">
        <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800">
          <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} className="h-5 w-5 accent-green-700" />
          {text.delivery.on}
        </label>
        {!on ? (
          <p className="text-sm text-slate-600">{text.delivery.offHint}</p>
        ) : (
          <>
            <fieldset>
              <legend className="font-medium text-slate-800">{text.delivery.area}</legend>
              <p className="text-sm text-slate-500">{text.delivery.areaHint}</p>
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <button
                  type="button"
                  onClick={() => setDistricts(new Set(KATHMANDU_VALLEY))}
                  className="min-h-11 rounded-full border border-green-700 px-4 text-sm font-medium text-green-800 hover:bg-green-50"
                >
                  {text.delivery.valley}
                </button>
                <span className="text-sm text-slate-600" aria-live="polite">
                  {text.delivery.selected(districts.size)}
                </span>
              </div>
              <div className="mt-3 max-h-72 space-y-3 overflow-y-auto rounded-lg border border-stone-200 p-2">
                {PROVINCES.map((p) => (
                  <div key={p.name}>
                    <p className="px-1 text-sm font-medium text-slate-500">{lang === 'ne' ? p.nepali : p.name}</p>
                    <div className="grid grid-cols-1 gap-x-3 min-[400px]:grid-cols-2 sm:grid-cols-3">
                      {DISTRICTS.filter((d) => d.province === p.name).map((d) => (
                        <label key={d.name} className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                          <input type="checkbox" checked={districts.has(d.name)} onChange={() => toggle(d.name)} className="h-4 w-4 accent-green-700" />
                          {lang === 'ne' ? d.nepali : d.name}
                        </label>
                      ))}
                    </div>
                  </div>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-3">
              {amountField(text.delivery.fee, null, fee, setFee, 'delivery-fee')}
              {amountField(text.delivery.freeFrom, text.delivery.freeFromHint, freeFrom, setFreeFrom, 'delivery-free-from')}
              {amountField(text.delivery.minimum, text.delivery.minimumHint, minimum, setMinimum, 'minimum-order')}
            </div>
          </>
        )}
        <button type="submit" disabled={save.isPending} className="min-h-11 rounded-lg bg-green-700 px-8 font-semibold text-white hover:bg-green-800 disabled:opacity-60">
          {save.isPending ? text.saving : text.save}
        </button>
      </form>
    </SettingsCard>
  );
}

/** TaxSection chooses the tax rule: the spec's flat tax added to every order, or Nepal VAT included in prices. */
function TaxSection({ settings }: { settings: StoreSettings }) {
  const text = texts().tax;
  const save = useSaveSettings();
  const [rule, setRule] = useState<TaxRule>(settings.taxRule);
  const exempt = useVatExemptCount();
  const label: Record<TaxRule, { name: string; hint: string }> = { flat: { name: text.flat, hint: text.flatHint }, vat: { name: text.vat, hint: text.vatHint } };

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ taxRule: rule }, { onError: (err) => toast.error(err.message, { id: 'settings-error' }) });
  }

  return (
    <SettingsCard id="tax" title={text.title} intro={text.intro}>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <Choices legend={text.title} name="tax-rule" options={TAX_RULES} label={label} value={rule} onChange={setRule} />
        {rule === 'vat' && exempt !== undefined && <p className="text-sm text-slate-600">{text.exemptCount(exempt)}</p>}
        <button type="submit" disabled={save.isPending} className="min-h-11 rounded-lg bg-green-700 px-8 font-semibold text-white hover:bg-green-800 disabled:opacity-60">
          {save.isPending ? texts().saving : texts().save}
        </button>
      </form>
    </SettingsCard>
  );
}

/** Choices is a setting of a few options as radio cards, each with its name and a hint. */
function Choices<T extends string>({ legend, name, options, label, value, onChange }: {
  legend: string;
  name: string;
  options: readonly T[];
  label: Record<T, { name: string; hint: string }>;
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{legend}</legend>
      {options.map((o) => (
        <label key={o} className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${value === o ? 'border-green-700 bg-green-50' : 'border-stone-300'}`}>
          <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} className="mt-1 h-4 w-4 shrink-0 accent-green-700" />
          <span>
            <span className="block font-medium text-slate-800">{label[o].name}</span>
            <span className="block text-sm text-slate-600">{label[o].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** SubstituteSection chooses what the store does with an item not there at packing when its shopper chose nothing. */
function SubstituteSection({ settings }: { settings: StoreSettings }) {
  const text = texts().substitute;
  const save = useSaveSettings();
  const [choice, setChoice] = useState<Substitute>(settings.substitute || 'best');
  const label: Record<Substitute, { name: string; hint: string }> = { best: { name: text.best, hint: text.bestHint }, none: { name: text.none, hint: text.noneHint } };

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ substitute: choice }, { onError: (err) => toast.error(err.message, { id: 'settings-error' }) });
  }

  return (
    <SettingsCard id="substitute" title={text.title} intro={text.intro}>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <Choices legend={text.title} name="substitute" options={['best', 'none'] as const} label={label} value={choice} onChange={setChoice} />
        <button type="submit" disabled={save.isPending} className="min-h-11 rounded-lg bg-green-700 px-8 font-semibold text-white hover:bg-green-800 disabled:opacity-60">
          {save.isPending ? texts().saving : texts().save}
        </button>
      </form>
    </SettingsCard>
  );
}

/** panPattern is a PAN as typed: 9 digits, ASCII or Devanagari, spaces allowed between them. */
const panPattern = new RegExp(`^(?:[0-9०-९]\\s*){${PAN_DIGITS}}$`);

/** InvoiceSection sets what the store's tax invoices carry: the registered name, address and PAN/VAT number; off issues none. */
function InvoiceSection({ settings }: { settings: StoreSettings }) {
  const text = texts().invoice;
  const save = useSaveSettings();
  const saved: InvoiceDetails = settings.invoice ?? { legalName: '', address: '', pan: '' };
  const [on, setOn] = useState(settings.invoice !== null);
  const [legalName, setLegalName] = useState(saved.legalName);
  const [address, setAddress] = useState(saved.address);
  const [pan, setPan] = useState(saved.pan);

  function submit(e: FormEvent) {
    e.preventDefault();
    const send = (invoice: InvoiceDetails | null) => save.mutate({ invoice }, { onError: (err) => toast.error(err.message, { id: 'settings-error' }) });
    if (!on) {
      send(null);
      return;
    }
    const missing = ([
      [text.legalName, legalName],
      [text.address, address],
    ] as const).find(([, v]) => v.trim() === '');
    if (missing) {
      toast.error(text.required(missing[0]), { id: 'settings-error' });
      return;
    }
    if (!panPattern.test(pan.trim())) {
      toast.error(text.panInvalid, { id: 'settings-error' });
      return;
    }
    send({ legalName: legalName.trim(), address: address.trim(), pan: pan.trim() });
  }

  return (
    <SettingsCard id="invoice" title={text.title} intro={text.intro}>
      <form onSubmit={submit} className="mt-4 space-y-5">
        <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800">
          <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} className="h-5 w-5 accent-green-700" />
          {text.on}
        </label>
        {!on ? (
          <p className="text-sm text-slate-600">{text.offHint}</p>
        ) : (
          <>
            <TextField label={text.legalName} value={legalName} onChange={(e) => setLegalName(e.target.value)} maxLength={MAX_LEGAL_NAME} name="invoice-legal-name" />
            <TextField label={text.address} value={address} onChange={(e) => setAddress(e.target.value)} maxLength={MAX_INVOICE_ADDRESS} name="invoice-address" />
            <div>
              <TextField label={text.pan} inputMode="numeric" value={pan} onChange={(e) => setPan(e.target.value)} aria-describedby="invoice-pan-hint" name="invoice-pan" />
              <p id="invoice-pan-hint" className="mt-1 text-sm text-slate-500">
                {text.panHint}
              </p>
            </div>
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-slate-700">{text.before}</p>
          </>
        )}
        <button type="submit" disabled={save.isPending} className="min-h-11 rounded-lg bg-green-700 px-8 font-semibold text-white hover:bg-green-800 disabled:opacity-60">
          {save.isPending ? texts().saving : texts().save}
        </button>
      </form>
    </SettingsCard>
  );
}
