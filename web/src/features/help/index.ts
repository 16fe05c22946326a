// Help: the help centre and the store's contact details.
import { lazy } from 'react';
import { loadHelpTexts } from '../../i18n';

/** Contact is the help centre's page. */
export const Contact = lazy(() => Promise.all([import('./Contact'), loadHelpTexts()]).then(([page]) => page));
