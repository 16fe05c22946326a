import { useState } from 'react';
import { t, useLanguage } from '../i18n';
import { chooseLanguage } from '../features/account/language';
import { useUser } from '../features/account/api';

/**
 * LanguageSwitch offers the other language, named in itself ("नेपाली" in English, "English" in
 * Nepali). The choice is kept in the browser and, for a signed-in shopper, with the account.
 */
export default function LanguageSwitch({ className = '' }: { className?: string }) {
  const lang = useLanguage();
  const { user } = useUser();
  const [busy, setBusy] = useState(false);
  const other = lang === 'en' ? 'ne' : 'en';
  return (
    <button
      type="button"
      lang={other}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void chooseLanguage(other, user !== null).finally(() => setBusy(false));
      }}
      className={`min-h-11 shrink-0 rounded-full border border-stone-300 px-3 text-sm font-medium text-slate-700 hover:bg-stone-100 disabled:opacity-60 ${className}`}
      title={t.language.switchTitle}
    >
      {t.language.switchTo}
    </button>
  );
}
