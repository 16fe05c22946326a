// Help: the help centre and the store's contact details.
import { lazy } from 'react';

/** Contact is the help centre's page. */
export const Contact = lazy(() => import('./Contact'));
