// Help: the help centre and the store's contact details.
import { lazyPage } from '../../lib/lazyPage';
import { loadHelpTexts } from '../../i18n';

/** Contact is the help centre's page. */
export const Contact = lazyPage(() => Promise.all([import('./Contact'), loadHelpTexts()]).then(([page]) => page));
