import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import { useApp } from '../../lib/appState';
import { RowSkeleton } from '../../components/Spinner';
import TextField from '../../components/TextField';
import LanguageSwitch from '../../components/LanguageSwitch';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import type { Notifications, User } from '../../lib/contract';
import { useChangeEmail, useKeepLanguage, useSetName, useSetNotifications, useUser } from './api';
import { PhoneChange } from './PhoneChange';
import { CloseAccount, DataExport, PasswordChange, SignOutEverywhere } from './AccountSecurity';
import { FormError, primaryClass, secondaryClass, Section } from './parts';
import { StoreCredit } from './StoreCredit';

/**
 * AccountPage is the signed-in shopper's own account: their name, e-mail, number and language,
 * their store credit, their password, signing out everywhere, taking their data away and closing the account.
 */
export default function AccountPage() {
  useTitle(t.titles.account);
  const { setShowLogin } = useApp();
  const { user, checked } = useUser();

  return (
    <div className="mx-auto mt-8 max-w-3xl pb-12">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t.account.title}</h1>
      <div className="mt-1 h-1 w-16 rounded-full bg-green-700" />
      {!checked ? (
        <div className="mt-6 space-y-6" role="status" aria-label={t.loader}>
          <RowSkeleton tall />
          <RowSkeleton tall />
        </div>
      ) : !user ? (
        <div className="py-16 text-center">
          <p className="text-lg text-slate-600">{t.account.signIn}</p>
          <button type="button" onClick={() => setShowLogin(true)} className="mt-6 min-h-11 rounded-full bg-green-700 px-8 font-medium text-white">
            {t.nav.login}
          </button>
        </div>
      ) : (
        <div className="mt-6 space-y-6">
          <Section id="account-profile" title={t.account.profile}>
            <NameForm user={user} />
            <EmailRow user={user} />
            <PhoneChange user={user} />
            <LanguageRow />
          </Section>
          <StoreCredit userId={user._id} />
          <MessageChoices user={user} />
          <PasswordChange user={user} />
          <SignOutEverywhere />
          <DataExport />
          <CloseAccount user={user} />
        </div>
      )}
    </div>
  );
}

/** NameForm changes the shopper's name. */
function NameForm({ user }: { user: User }) {
  const save = useSetName();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    save.mutate(name, { onSuccess: (r) => toast.success(r.message || t.account.saved), onError: (err) => setError(err.message) });
  }
  return (
    <form onSubmit={submit} className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <TextField label={t.account.name} labelClass="block flex-1" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" required />
        <button type="submit" disabled={save.isPending || name.trim() === user.name} className={primaryClass}>
          {t.account.saveName}
        </button>
      </div>
      <FormError message={error} />
    </form>
  );
}

/** EmailRow shows the shopper's e-mail and changes it, with their password. */
function EmailRow({ user }: { user: User }) {
  const change = useChangeEmail();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    change.mutate(
      { email, password },
      {
        onSuccess: (r) => {
          toast.success(r.message || t.account.saved);
          setOpen(false);
          setEmail('');
          setPassword('');
        },
        onError: (err) => setError(err.message),
      },
    );
  }
  return (
    <div className="border-t border-stone-100 pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm text-slate-500">{t.account.email}</p>
          <p className="break-all font-medium text-slate-900" data-testid="account-email">
            {user.email || t.account.noEmail}
          </p>
        </div>
        {!open && (
          <button type="button" onClick={() => setOpen(true)} className={secondaryClass}>
            {user.email ? t.account.changeEmail : t.account.addEmail}
          </button>
        )}
      </div>
      {open &&
        (!user.hasPassword ? (
          <p className="mt-2 text-sm text-amber-900">{t.account.emailNeedsPassword}</p>
        ) : (
          <form onSubmit={submit} className="mt-3 space-y-3">
            <TextField label={t.account.newEmail} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required />
            <TextField label={t.account.currentPassword} type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
            <FormError message={error} />
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={change.isPending} className={primaryClass}>
                {t.account.saveEmail}
              </button>
              <button type="button" onClick={() => setOpen(false)} className={secondaryClass}>
                {t.account.cancel}
              </button>
            </div>
          </form>
        ))}
    </div>
  );
}

/** LanguageRow shows the language the store is read in and switches it, kept with the account. */
function LanguageRow() {
  const keep = useKeepLanguage();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
      <div>
        <p className="text-sm text-slate-500">{t.account.language}</p>
        <p className="font-medium text-slate-900">{t.account.languageNow}</p>
      </div>
      <LanguageSwitch keep={keep} />
    </div>
  );
}

/** MessageChoices turns each kind of message the store sends on or off, kept with the account. */
function MessageChoices({ user }: { user: User }) {
  const set = useSetNotifications();
  const kinds: { key: keyof Notifications; label: string; hint: string }[] = [
    { key: 'orders', label: t.account.notifyOrders, hint: user.email ? t.account.notifyOrdersMail : t.account.notifyOrdersText },
    { key: 'backInStock', label: t.account.notifyStock, hint: t.account.notifyStockHint },
    { key: 'newsletter', label: t.account.notifyNewsletter, hint: t.account.notifyNewsletterHint },
  ];
  return (
    <Section id="account-messages" title={t.account.messages}>
      {kinds.map(({ key, label, hint }) => (
        <label key={key} className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 h-5 w-5 shrink-0 accent-green-700"
            checked={user.notifications[key]}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ [key]: e.target.checked }, { onSuccess: (r) => toast.success(r.message) })}
          />
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">{label}</span>
            <span className="block text-sm text-slate-500">{hint}</span>
          </span>
        </label>
      ))}
    </Section>
  );
}
