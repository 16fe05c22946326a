// Account: the shopper's session (who is signed in), signing in and out, and where the language
// chosen is kept. It imports no other feature: those that depend on the session follow
// sessionChanged (connected in app/wiring.ts).
import { lazy } from 'react';
import { loadAccountTexts } from '../../i18n';

export { accountKeys, keepLanguage, readSession, sessionChanged, useKeepLanguage, useLogout, useStoreCredit, useUser } from './api';

/** LoginModal is the sign-in and sign-up dialog, loaded with its texts when first opened. */
export const LoginModal = lazy(() => Promise.all([import('./LoginModal'), loadAccountTexts()]).then(([modal]) => modal));

/** AccountPage is the signed-in shopper's own account (/account), loaded when first shown. */
export const AccountPage = lazy(() => Promise.all([import('./AccountPage'), loadAccountTexts()]).then(([page]) => page));
