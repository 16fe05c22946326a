import { useState } from 'react';
import { t, useLanguage } from '../i18n';
import { chooseLanguage, type KeepLanguage } from '../lib/language';

/**
 * LanguageSwitch offers the other language, named in itself ("नेपाली" in English, "English" in
 * Nepali). The choice is kept in the browser and, with keep, with a signed-in account: the
 * shopper's in the shop (useKeepLanguage of the account), the seller's in the seller area.
 */
export default function LanguageSwitch({ className = '', keep }: { className?: string; keep: KeepLanguage | null }) {
  const lang = useLanguage();
  const keepWith = keep ?? undefined;
  const [busy, setBusy] = useState(false);
  const other = lang === 'en' ? 'ne' : 'en';
  return (
    <button
      type="button"
      lang={other}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void chooseLanguage(other, keepWith).finally(() => setBusy(false));
      }}
      className={`min-h-11 shrink-0 rounded-full border border-stone-300 px-3 text-sm font-medium text-slate-700 hover:bg-stone-100 disabled:opacity-60 ${className}`}
      title={t.language.switchTitle}
    >
      {t.language.switchTo}
    </button>
  );
}
