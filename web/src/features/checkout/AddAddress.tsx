import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import type { AddressInput } from '../../lib/api';
import { saveCheckoutChoice } from '../../lib/checkout';
import { t } from '../../i18n';
import TextField from '../../components/TextField';
import Accented from '../../components/Accented';
import { useTitle } from '../../lib/useTitle';
import { paths } from '../../app/paths';
import { useUser } from '../account/api';
import { useAddAddress } from './api';

const empty: AddressInput = { firstName: '', lastName: '', email: '', street: '', city: '', state: '', zipcode: '', country: '', phone: '' };


function Field({ name, label, value, onChange, type = 'text', autoComplete, inputMode }: {
  name: keyof AddressInput;
  label: string;
  value: string;
  onChange: (name: keyof AddressInput, v: string) => void;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel';
}) {
  return (
    <TextField
      label={label}
      labelClass="block text-sm text-slate-600"
      name={name}
      type={type}
      value={value}
      onChange={(e) => onChange(name, e.target.value)}
      autoComplete={autoComplete}
      inputMode={inputMode}
      required
    />
  );
}

/** AddAddress saves a delivery address for the signed-in shopper and returns to the cart. */
export default function AddAddress() {
  useTitle(t.titles.addAddress);
  const { user, checked: authChecked } = useUser();
  const navigate = useNavigate();
  const addAddress = useAddAddress();
  const saving = addAddress.isPending;
  const [address, setAddress] = useState<AddressInput>(empty);
  const redirected = useRef(false);

  useEffect(() => {
    if (authChecked && !user && !redirected.current) {
      redirected.current = true;
      toast.error(t.toast.signInForAddress);
      void navigate(paths.cart);
    }
  }, [authChecked, user, navigate]);

  const set = (name: keyof AddressInput, v: string) => setAddress((a) => ({ ...a, [name]: v }));

  function submit(e: FormEvent) {
    e.preventDefault();
    addAddress.mutate(address, {
      onSuccess: (r) => {
        // The cart offers the address just saved.
        if (user && r.address?._id) saveCheckoutChoice(user._id, { addressId: r.address._id });
        void navigate(paths.cart);
      },
    });
  }

  return (
    <div className="mt-8 pb-8">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">
        <Accented text={t.address.title} />
      </h1>
      <div className="mt-8 flex flex-col-reverse items-start justify-between gap-10 md:flex-row">
        <form onSubmit={submit} className="w-full max-w-lg space-y-4">
          <div className="grid grid-cols-2 gap-4">
            <Field name="firstName" label={t.address.firstName} value={address.firstName} onChange={set} autoComplete="given-name" />
            <Field name="lastName" label={t.address.lastName} value={address.lastName} onChange={set} autoComplete="family-name" />
          </div>
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
          <button type="submit" disabled={saving} className="min-h-12 w-full rounded-xl bg-green-700 font-semibold text-white hover:bg-green-800 disabled:opacity-60">
            {t.address.save}
          </button>
        </form>
        <div className="hidden flex-1 items-center justify-center rounded-3xl bg-green-50 p-10 md:flex" aria-hidden="true">
          <img src="/media/catalogue/broccoli.webp" alt="" width={256} height={256} className="w-56" />
        </div>
      </div>
    </div>
  );
}
