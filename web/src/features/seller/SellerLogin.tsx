import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import Logo from '../../components/Logo';
import TextField from '../../components/TextField';
import Accented from '../../components/Accented';
import LanguageSwitch from '../../components/LanguageSwitch';
import { t } from '../../i18n';
import { useSellerLogin } from './api';

/** SellerLogin is the seller's sign-in form, shown at /seller to anyone who is not signed in as a seller. */
export default function SellerLogin() {
  const login = useSellerLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ email, password }, { onError: (err) => toast.error(err.message) });
  };

  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-8 bg-stone-50 px-4 py-12">
      <div className="flex w-full max-w-sm items-center justify-between gap-4">
        <Logo />
        {/* Before sign-in the choice stays in the browser; the seller's account follows it once signed in. */}
        <LanguageSwitch keep={null} />
      </div>
      <form onSubmit={submit} className="w-full max-w-sm rounded-2xl border border-stone-200 bg-white p-8 text-sm text-slate-600 shadow-sm">
        <h1 className="mb-6 text-center text-2xl font-semibold text-slate-900">
          <Accented text={t.seller.loginTitle} />
        </h1>
        <TextField
          label={t.seller.email}
          labelClass="mb-4 block"
          // Staff may sign in with a mobile number instead of an email.
          type="text"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t.seller.emailOrPhone}
          autoComplete="username"
          required
        />
        <TextField
          label={t.seller.password}
          labelClass="mb-6 block"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={t.seller.passwordPlaceholder}
          autoComplete="current-password"
          required
        />
        <button type="submit" disabled={login.isPending} className="min-h-11 w-full rounded-lg bg-green-700 font-medium text-white hover:bg-green-800 disabled:opacity-60">
          {t.seller.login}
        </button>
      </form>
    </div>
  );
}
