// The language a shopper reads the store in: chosen in the browser (kept there), and kept with
// their account once signed in, so it follows them to another device.
import { api } from '../../lib/api';
import type { Language, User } from '../../lib/contract';
import { language, setLanguage } from '../../i18n';

/**
 * followAccount applies a signed-in shopper's language: the account's choice wins; an account that
 * never chose one takes the language the browser shows now, when it is not the default.
 */
export function followAccount(user: User) {
  if (user.language && user.language !== language()) void setLanguage(user.language);
  else if (!user.language && language() !== 'en') void api.setLanguage(language());
}

/** chooseLanguage shows the store in lang and, for a signed-in shopper, keeps it with the account. */
export async function chooseLanguage(lang: Language, signedIn: boolean): Promise<void> {
  await setLanguage(lang);
  if (signedIn) await api.setLanguage(lang);
}
