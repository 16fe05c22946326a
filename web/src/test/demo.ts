// The demo store's settings, as catalogue.Settings (Go) seeds them: the tests' store is Haat.
import type { StoreSettings } from '../lib/contract';
import { noSettings } from '../lib/store';

/** demoSettings are the demo dollar store's settings: Haat of Kupondole, with the spec's claims. */
export const demoSettings: StoreSettings = {
  ...noSettings,
  store: {
    ...noSettings.store,
    name: 'Haat',
    nameNe: 'हाट',
    tagline: 'The weekly haat, open every day at your door',
    phone: '+977 1-5970000',
    email: 'support@haat.com.np',
    address: 'Kupondole, Lalitpur',
    hours: '9 AM-9 PM daily',
    promise: 'Delivered within 30 minutes',
    claims: [
      { title: 'Same-day delivery', text: 'Most orders reach you within 30 minutes, and every order arrives the same day or the next.' },
      { title: 'Picked daily', text: 'Vegetables and fruit come from farms around the valley the morning you order.' },
      { title: 'Daily discounts', text: 'Fair prices on staples, with fresh offers on something new every day.' },
      { title: 'Trusted by Thousands', text: 'Over 15,000 households in the Kathmandu Valley shop with us.' },
      { title: 'Fresh and organic', text: 'Fresh and organic produce at the best prices.' },
      { title: 'Eco-friendly packaging', text: 'Packed with care in eco-friendly packaging.' },
      { title: 'Secure payment', text: 'Secure payment, order tracking and transparent billing.' },
      { title: 'Customer first', text: 'Customer-first returns and refunds, 24/7 support.' },
    ],
  },
};
