// The store's tax rule as the storefront needs it: which categories are VAT-exempt by default.
// What an order's tax comes to is the server's (haat.BillOf): the cart shows its quote.

import { VAT_EXEMPT_CATEGORIES } from './contract';

/** defaultVATExempt tells whether a new product of the category is exempt from VAT unless the seller says otherwise. */
export const defaultVATExempt = (category: string): boolean => VAT_EXEMPT_CATEGORIES.includes(category);
