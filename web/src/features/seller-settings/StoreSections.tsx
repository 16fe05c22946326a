// The Settings page's sections on the store's identity: its details and logo, its selling points,
// its returns policy and its legal details. The server checks every field and names what is wrong.
import { useState, type FormEvent, type ReactNode } from 'react';
import toast from '../../lib/toast';
import {
  AROUND_THE_CLOCK,
  MAX_CLAIM_TEXT,
  MAX_CLAIM_TITLE,
  MAX_CLAIMS,
  MAX_MISSING_HOURS,
  MAX_OFFICER_NAME,
  MAX_PROMISE,
  MAX_REFUND_DAYS,
  MAX_REGISTRATION_NO,
  MAX_RETURN_DAYS,
  MAX_SOCIAL_URL,
  MAX_STORE_ADDRESS,
  MAX_STORE_HOURS,
  MAX_STORE_NAME,
  MAX_TAGLINE,
  type Claim,
  type SocialLinks,
  type StoreSettings,
} from '../../lib/contract';
import TextField from '../../components/TextField';
import { t } from '../../i18n';
import { useSaveSettings, useUploadLogo } from './api';

const card = 'rounded-2xl border border-stone-200 bg-white p-5';
const button = 'min-h-11 rounded-lg bg-green-700 px-8 font-semibold text-white hover:bg-green-800 disabled:opacity-60';
const texts = () => t.seller.settingsPage;

/** Card is one section: its heading, what it sets, and its form, saved on its own. */
export function Card({ id, title, intro, onSubmit, pending, children }: { id: string; title: string; intro: string; onSubmit: () => void; pending: boolean; children: ReactNode }) {
  return (
    <section className={card} aria-labelledby={`settings-${id}`}>
      <h2 id={`settings-${id}`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <form
        className="mt-4 space-y-4"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <button type="submit" disabled={pending} className={button}>
          {pending ? texts().saving : texts().save}
        </button>
      </form>
    </section>
  );
}

/** useSave saves a change of the settings, naming what the server refused. */
function useSave() {
  const save = useSaveSettings();
  return {
    pending: save.isPending,
    send: (change: Partial<StoreSettings>) => save.mutate(change, { onError: (err) => toast.error(err.message, { id: 'settings-error' }) }),
  };
}

const networks: (keyof SocialLinks)[] = ['facebook', 'instagram', 'tiktok', 'youtube'];

/** StoreSection sets the store's name, logo, tagline, contact, hours, promise and social links. */
export function StoreSection({ settings }: { settings: StoreSettings }) {
  const text = texts().store;
  const { send, pending } = useSave();
  const [store, setStore] = useState(settings.store);
  const field = (key: 'name' | 'nameNe' | 'tagline' | 'phone' | 'email' | 'address' | 'hours' | 'promise', max?: number, type = 'text') => (
    <TextField label={text[key]} name={`store-${key}`} type={type} value={store[key]} maxLength={max} onChange={(e) => setStore({ ...store, [key]: e.target.value })} />
  );
  const logo = useUploadLogo((r) => {
    setStore((s) => ({ ...s, logo: r.settings.store.logo }));
    toast.success(r.message || texts().saved);
  });
  const around = store.hours === AROUND_THE_CLOCK;
  return (
    <Card id="store" title={text.title} intro={text.intro} pending={pending} onSubmit={() => send({ store: { ...settings.store, ...store, claims: settings.store.claims } })}>
      {field('name', MAX_STORE_NAME)}
      {field('nameNe', MAX_STORE_NAME)}
      <div>
        <span className="block">{text.logo}</span>
        <div className="mt-1 flex items-center gap-3">
          {store.logo && <img src={store.logo} alt="" width={48} height={48} className="h-12 w-12 rounded-lg object-contain" />}
          <label className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-green-700 px-4 font-semibold text-green-800 hover:bg-green-50">
            {text.uploadLogo}
            <input type="file" accept="image/*" className="sr-only" onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) logo.mutate(file);
              }} />
          </label>
        </div>
        <p className="mt-1 text-sm text-slate-500">{text.logoHint}</p>
      </div>
      {field('tagline', MAX_TAGLINE)}
      {field('phone', undefined, 'tel')}
      {field('email', undefined, 'email')}
      {field('address', MAX_STORE_ADDRESS)}
      <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800">
        <input type="checkbox" checked={around} onChange={(e) => setStore({ ...store, hours: e.target.checked ? AROUND_THE_CLOCK : '' })} className="h-5 w-5 accent-green-700" />
        {text.aroundTheClock}
      </label>
      {!around && (
        <div>
          {field('hours', MAX_STORE_HOURS)}
          <p className="mt-1 text-sm text-slate-500">{text.hoursHint}</p>
        </div>
      )}
      <div>
        {field('promise', MAX_PROMISE)}
        <p className="mt-1 text-sm text-slate-500">{text.promiseHint}</p>
      </div>
      <fieldset className="space-y-2">
        <legend>{text.social}</legend>
        {networks.map((n) => (
          <TextField
            key={n}
            label={t.footer.social[n]}
            name={`store-social-${n}`}
            type="url"
            value={store.social[n]}
            maxLength={MAX_SOCIAL_URL}
            onChange={(e) => setStore({ ...store, social: { ...store.social, [n]: e.target.value } })}
          />
        ))}
      </fieldset>
    </Card>
  );
}

/** ClaimsSection edits the store's selling points: add, change, remove; saved as the whole list. */
export function ClaimsSection({ settings }: { settings: StoreSettings }) {
  const text = texts().claims;
  const { send, pending } = useSave();
  const [claims, setClaims] = useState<Claim[]>(settings.store.claims);
  const change = (i: number, c: Partial<Claim>) => setClaims(claims.map((old, k) => (k === i ? { ...old, ...c } : old)));
  return (
    <Card id="claims" title={text.title} intro={text.intro} pending={pending} onSubmit={() => send({ store: { ...settings.store, claims } })}>
      <ol className="space-y-4">
        {claims.map((c, i) => (
          <li key={i} className="space-y-2 rounded-xl bg-stone-50 p-3">
            <TextField label={text.claimTitle(i + 1)} name={`claim-title-${i}`} value={c.title} maxLength={MAX_CLAIM_TITLE} onChange={(e) => change(i, { title: e.target.value })} />
            <TextField label={text.claimText(i + 1)} name={`claim-text-${i}`} value={c.text} maxLength={MAX_CLAIM_TEXT} onChange={(e) => change(i, { text: e.target.value })} />
            <button type="button" onClick={() => setClaims(claims.filter((_, k) => k !== i))} className="min-h-11 text-sm font-medium text-red-700 hover:underline">
              {text.remove(i + 1)}
            </button>
          </li>
        ))}
      </ol>
      {claims.length < MAX_CLAIMS && (
        <button type="button" onClick={() => setClaims([...claims, { title: '', text: '' }])} className="block min-h-11 font-medium text-green-800 hover:underline">
          {text.add}
        </button>
      )}
    </Card>
  );
}

/** PolicySection sets the returns and refunds policy the help centre states. */
export function PolicySection({ settings }: { settings: StoreSettings }) {
  const text = texts().policy;
  const { send, pending } = useSave();
  const [policy, setPolicy] = useState(settings.policy);
  const number = (key: 'returnDays' | 'missingHours' | 'refundDays', max: number) => (
    <TextField label={text[key]} name={`policy-${key}`} type="number" min={0} max={max} value={policy[key]} onChange={(e) => setPolicy({ ...policy, [key]: Number(e.target.value) })} />
  );
  return (
    <Card id="policy" title={text.title} intro={text.intro} pending={pending} onSubmit={() => send({ policy })}>
      {number('returnDays', MAX_RETURN_DAYS)}
      {number('missingHours', MAX_MISSING_HOURS)}
      {number('refundDays', MAX_REFUND_DAYS)}
      <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800">
        <input type="checkbox" checked={policy.perishablesReturnable} onChange={(e) => setPolicy({ ...policy, perishablesReturnable: e.target.checked })} className="h-5 w-5 accent-green-700" />
        {text.perishables}
      </label>
    </Card>
  );
}

/** LegalSection sets the registration and listing numbers and the grievance officer the law asks a seller to show. */
export function LegalSection({ settings }: { settings: StoreSettings }) {
  const text = texts().legal;
  const { send, pending } = useSave();
  const [legal, setLegal] = useState(settings.legal);
  const officer = legal.grievanceOfficer;
  const setOfficer = (o: Partial<typeof officer>) => setLegal({ ...legal, grievanceOfficer: { ...officer, ...o } });
  return (
    <Card id="legal" title={text.title} intro={text.intro} pending={pending} onSubmit={() => send({ legal })}>
      <TextField label={text.registrationNo} name="legal-registration" value={legal.registrationNo} maxLength={MAX_REGISTRATION_NO} onChange={(e) => setLegal({ ...legal, registrationNo: e.target.value })} />
      <TextField label={text.docscpListing} name="legal-docscp" value={legal.docscpListing} maxLength={MAX_REGISTRATION_NO} onChange={(e) => setLegal({ ...legal, docscpListing: e.target.value })} />
      <fieldset className="space-y-2">
        <legend className="font-medium">{text.officer}</legend>
        <TextField label={text.officerName} name="legal-officer-name" value={officer.name} maxLength={MAX_OFFICER_NAME} onChange={(e) => setOfficer({ name: e.target.value })} />
        <TextField label={text.officerPhone} name="legal-officer-phone" type="tel" value={officer.phone} onChange={(e) => setOfficer({ phone: e.target.value })} />
        <TextField label={text.officerEmail} name="legal-officer-email" type="email" value={officer.email} onChange={(e) => setOfficer({ email: e.target.value })} />
      </fieldset>
    </Card>
  );
}
