// The demo store's settings, as catalogue.Settings (Go) seeds them (its details from the contract's
// DEMO_STORE): the tests' store is Haat.
import { DEMO_STORE, type StoreSettings } from '../lib/contract';
import { noSettings } from '../lib/store';

/** demoSettings are the demo dollar store's settings: Haat of Kupondole, with the spec's claims. */
export const demoSettings: StoreSettings = {
  ...noSettings,
  store: DEMO_STORE,
};
