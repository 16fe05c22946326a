// Seller staff: the owner's list of the store's staff (packers and riders) and their roles, and the
// riders an order can be given to.
import { lazy } from 'react';

export { useRiders } from './staff';

/** Staff is the owner's page of the store's accounts: adding a packer or a rider, changing a role, removing one. */
export const Staff = lazy(() => import('./Staff'));
