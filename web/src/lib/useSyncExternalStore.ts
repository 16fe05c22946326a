// wouter imports useSyncExternalStore from the use-sync-external-store shim, which carries its
// own copy for React before 18; on React 19 it only hands on React's. vite.config.ts points the
// shim here, so the storefront's first load does not carry the copy.
export { useSyncExternalStore } from 'react';
