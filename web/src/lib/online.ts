// Whether the phone reaches the store, and the service worker that lets it browse without: the
// browser says when it goes offline, and a call of the API that finds no network says so too
// (lib/api.ts), since a phone may say it is online on a line that carries nothing.

import { answeredPaths } from './ahead';

let unreachable = false;
const listeners = new Set<() => void>();

/** isOffline says whether the store cannot be reached now. */
export const isOffline = (): boolean => unreachable || navigator.onLine === false;

/** reached notes whether the last call of the API reached the store. */
export function reached(yes: boolean) {
  if (unreachable === !yes) return;
  unreachable = !yes;
  listeners.forEach((l) => l());
}

/** subscribeOnline calls onChange whenever isOffline may have changed; it answers how to stop. */
export function subscribeOnline(onChange: () => void): () => void {
  const back = () => {
    unreachable = false;
    onChange();
  };
  listeners.add(onChange);
  addEventListener('online', back);
  addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    removeEventListener('online', back);
    removeEventListener('offline', onChange);
  };
}

/**
 * registerServiceWorker installs the storefront's service worker (src/sw) once the page has loaded,
 * in a built store only. The first time, when the worker takes the page over, it is told what the
 * page loaded before, and the reads it came with answers of: those files and reads are kept for
 * offline use too.
 */
export function registerServiceWorker() {
  const sw = navigator.serviceWorker;
  if (!import.meta.env.PROD || !sw) return;
  addEventListener('load', () => {
    const first = !sw.controller;
    sw.register('/sw.js')
      .then(() => sw.ready)
      .then((r) => first && r.active?.postMessage({ page: location.href, files: [...performance.getEntriesByType('resource').map((e) => e.name), ...answeredPaths()] }))
      .catch(() => {
        // No worker: the store works as before, only not offline.
      });
  });
}
