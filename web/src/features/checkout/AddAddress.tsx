import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import toast from '../../lib/toast';
import type { AddressInput } from './api';
import { saveCheckoutChoice } from './choice';
import { useStoreConfig } from '../../lib/config';
import { DISTRICTS, MAX_LANDMARK, MAX_WARD, NEPAL, PROVINCES, type Address } from '../../lib/contract';
import { placeName } from '../../lib/address';
import { t } from '../../i18n';
import TextField from '../../components/TextField';
import Accented from '../../components/Accented';
import { inputClass } from '../../components/styles';
import { useTitle } from '../../lib/useTitle';
import { paths } from '../../lib/paths';
import { useUser } from '../account';
import { useAddAddress, useAddresses, useUpdateAddress } from './api';

/** Fields are the form's text fields, all kept as typed; the ward becomes a number when sent. */
type Fields = Required<Omit<AddressInput, 'ward'>> & { ward: string };

const empty: Fields = {
  firstName: '', lastName: '', email: '', street: '', city: '', state: '', zipcode: '', country: '', phone: '',
  district: '', ward: '', landmark: '',
};

type FieldName = keyof Fields;

function Field({ name, label, value, onChange, type = 'text', autoComplete, inputMode, required = true, hint, maxLength, min, max }: {
  name: FieldName;
  label: string;
  value: string;
  onChange: (name: FieldName, v: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
  required?: boolean;
  hint?: string;
  maxLength?: number;
  min?: number;
  max?: number;
}) {
  const hintId = useId();
  return (
    <div>
      <TextField
        label={label}
        labelClass="block text-sm text-slate-600"
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(name, e.target.value)}
        autoComplete={autoComplete}
        inputMode={inputMode}
        required={required}
        maxLength={maxLength}
        min={min}
        max={max}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

function Select({ name, label, value, onChange, options, placeholder, disabled }: {
  name: FieldName;
  label: string;
  value: string;
  onChange: (name: FieldName, v: string) => void;
  options: readonly { name: string; nepali: string }[];
  placeholder: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-600">
        {label}
      </label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(name, e.target.value)} required disabled={disabled} className={`${inputClass} disabled:bg-stone-100`}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.name} value={o.name}>
            {placeName(o.name)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** toAddress is what the form sends: a Nepali address with its district, ward and landmark and the country Nepal; any other as the spec's form sends it. */
function toAddress(f: Fields, nepal: boolean): AddressInput {
  const { district, ward, landmark, ...spec } = f;
  if (!nepal) return spec;
  return { ...spec, country: NEPAL, district, ward: Number(ward) || 0, landmark };
}

/** fieldsOf is a saved address as the form holds it. */
function fieldsOf(a: Address): Fields {
  return {
    firstName: a.firstName, lastName: a.lastName, email: a.email, street: a.street, city: a.city, state: a.state, zipcode: a.zipcode,
    country: a.country, phone: a.phone, district: a.district ?? '', ward: a.ward ? String(a.ward) : '', landmark: a.landmark ?? '',
  };
}

/**
 * AddAddress saves a delivery address for the signed-in shopper and returns to the cart; with
 * ?edit=<id> it shows one of their saved addresses and saves the changes to it instead. In Nepal (the first choice when the store sells in rupees) it asks for province, district, municipality, ward, tole and a landmark. */
export default function AddAddress() {
  const [params] = useSearchParams();
  const editing = params.get('edit');
  useTitle(editing ? t.titles.editAddress : t.titles.addAddress);
  const { user, checked: authChecked } = useUser();
  const { config } = useStoreConfig();
  const navigate = useNavigate();
  const addAddress = useAddAddress();
  const updateAddress = useUpdateAddress();
  const saving = addAddress.isPending || updateAddress.isPending;
  const [address, setAddress] = useState<Fields>(empty);
  const [where, setWhere] = useState<'nepal' | 'other' | null>(null);
  // The address edited fills the form once the shopper's addresses are loaded; one deleted meanwhile sends them back to the cart.
  const book = useAddresses(editing ? user?._id : undefined);
  const [filled, setFilled] = useState<string | null>(null);
  const saved = editing ? book.data?.addresses.find((a) => a._id === editing) : undefined;
  if (editing && saved && filled !== editing) {
    setFilled(editing);
    setAddress(fieldsOf(saved));
    setWhere(saved.district ? 'nepal' : 'other');
  }
  const gone = !!editing && book.isSuccess && !saved && filled !== editing;
  useEffect(() => {
    if (gone) {
      toast.error(t.address.gone, { id: 'address-gone' });
      void navigate(paths.cart, { replace: true });
    }
  }, [gone, navigate]);
  // A shopper who signs in by phone finds their number filled in, once their account is known.
  const [prefilled, setPrefilled] = useState(false);
  if (!prefilled && user && !editing) {
    setPrefilled(true);
    const phone = user.phone;
    if (phone) setAddress((a) => (a.phone ? a : { ...a, phone }));
  }
  const nepal = where ? where === 'nepal' : config?.currency === 'NPR';
  const redirected = useRef(false);

  useEffect(() => {
    if (authChecked && !user && !redirected.current) {
      redirected.current = true;
      toast.error(t.toast.signInForAddress);
      void navigate(paths.cart);
    }
  }, [authChecked, user, navigate]);

  const set = (name: FieldName, v: string) =>
    setAddress((a) => {
      const next = { ...a, [name]: v };
      // A district belongs to one province: choosing another province clears it.
      if (name === 'state' && nepal && !DISTRICTS.some((d) => d.name === a.district && d.province === v)) next.district = '';
      return next;
    });

  function choose(next: 'nepal' | 'other') {
    setWhere(next);
    // The province of a Nepali address is chosen from the list; what was typed as a state elsewhere is not one.
    setAddress((a) => ({ ...a, state: '', district: '' }));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (editing) {
      updateAddress.mutate({ id: editing, address: toAddress(address, nepal) }, { onSuccess: () => void navigate(paths.cart) });
      return;
    }
    addAddress.mutate(toAddress(address, nepal), {
      onSuccess: (r) => {
        // The cart offers the address just saved.
        if (user && r.address?._id) saveCheckoutChoice(user._id, { addressId: r.address._id });
        void navigate(paths.cart);
      },
    });
  }

  const districts = DISTRICTS.filter((d) => d.province === address.state);
  const whereClass = (on: boolean) =>
    `flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-green-300 ${
      on ? 'border-green-700 bg-green-50 text-green-800' : 'border-stone-300 bg-white text-slate-600'
    }`;

  return (
    <div className="mt-8 pb-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">
        <Accented text={editing ? t.address.editTitle : t.address.title} />
      </h1>
      <div className="mt-8 flex flex-col-reverse items-start justify-between gap-10 md:flex-row">
        <form onSubmit={submit} className="w-full max-w-lg space-y-4">
          <fieldset>
            <legend className="text-sm text-slate-600">{t.address.where}</legend>
            <div className="mt-1 flex gap-2">
              <label className={whereClass(nepal)}>
                <input type="radio" name="where" value="nepal" checked={nepal} onChange={() => choose('nepal')} className="sr-only" />
                {t.address.inNepal}
              </label>
              <label className={whereClass(!nepal)}>
                <input type="radio" name="where" value="other" checked={!nepal} onChange={() => choose('other')} className="sr-only" />
                {t.address.elsewhere}
              </label>
            </div>
          </fieldset>
          <div className="grid grid-cols-2 gap-4">
            <Field name="firstName" label={t.address.firstName} value={address.firstName} onChange={set} autoComplete="given-name" />
            <Field name="lastName" label={t.address.lastName} value={address.lastName} onChange={set} autoComplete="family-name" />
          </div>
          {nepal ? (
            <>
              <Field name="phone" label={t.address.mobile} type="tel" value={address.phone} onChange={set} autoComplete="tel" inputMode="tel" hint={t.address.mobileHint} />
              <div className="grid grid-cols-2 gap-4">
                <Select name="state" label={t.address.province} value={address.state} onChange={set} options={PROVINCES} placeholder={t.address.chooseProvince} />
                <Select
                  name="district"
                  label={t.address.district}
                  value={address.district}
                  onChange={set}
                  options={districts}
                  placeholder={address.state ? t.address.chooseDistrict : t.address.chooseProvinceFirst}
                  disabled={!address.state}
                />
              </div>
              <div className="grid grid-cols-[1fr_6rem] gap-4">
                <Field name="city" label={t.address.municipality} value={address.city} onChange={set} autoComplete="address-level2" />
                <Field name="ward" label={t.address.ward} type="number" value={address.ward} onChange={set} inputMode="numeric" min={1} max={MAX_WARD} />
              </div>
              <Field name="street" label={t.address.tole} value={address.street} onChange={set} autoComplete="street-address" />
              <Field name="landmark" label={t.address.landmark} value={address.landmark} onChange={set} required={false} hint={t.address.landmarkHint} maxLength={MAX_LANDMARK} />
              <div className="grid grid-cols-2 items-end gap-4">
                <Field name="email" label={t.address.emailOptional} type="email" value={address.email} onChange={set} autoComplete="email" required={false} />
                <Field name="zipcode" label={t.address.zipOptional} type="number" value={address.zipcode} onChange={set} autoComplete="postal-code" inputMode="numeric" required={false} />
              </div>
            </>
          ) : (
            <>
              <Field name="email" label={t.address.email} type="email" value={address.email} onChange={set} autoComplete="email" />
              <Field name="street" label={t.address.street} value={address.street} onChange={set} autoComplete="street-address" />
              <div className="grid grid-cols-2 gap-4">
                <Field name="city" label={t.address.city} value={address.city} onChange={set} autoComplete="address-level2" />
                <Field name="state" label={t.address.state} value={address.state} onChange={set} autoComplete="address-level1" />
              </div>
              <div className="grid grid-cols-2 gap-4">
                <Field name="zipcode" label={t.address.zipcode} type="number" value={address.zipcode} onChange={set} autoComplete="postal-code" inputMode="numeric" />
                <Field name="country" label={t.address.country} value={address.country} onChange={set} autoComplete="country-name" />
              </div>
              <Field name="phone" label={t.address.phone} type="tel" value={address.phone} onChange={set} autoComplete="tel" inputMode="tel" />
            </>
          )}
          <button type="submit" disabled={saving} className="min-h-12 w-full rounded-xl bg-green-700 font-semibold text-white hover:bg-green-800 disabled:opacity-60">
            {editing ? t.address.saveChanges : t.address.save}
          </button>
        </form>
        <div className="hidden flex-1 items-center justify-center rounded-3xl bg-green-50 p-10 md:flex" aria-hidden="true">
          <img src="/media/catalogue/broccoli.webp" alt="" width={256} height={256} className="w-56" />
        </div>
      </div>
    </div>
  );
}
