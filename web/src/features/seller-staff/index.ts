// Seller staff: the owner's list of the store's staff (packers and riders) and their roles, the
// riders an order can be given to, and a rider's own screen of their deliveries (/rider).
import { lazy } from 'react';
import { loadSellerTexts } from '../../i18n';

export { useRiders } from './staff';

/** Staff is the owner's page of the store's accounts: adding a packer or a rider, changing a role, removing one. */
export const Staff = lazy(() => import('./Staff'));

/** RiderArea is a rider's screen of their deliveries of the day (/rider), with the seller area's texts. */
export const RiderArea = lazy(() => Promise.all([import('./RiderPage'), loadSellerTexts()]).then(([page]) => page));
