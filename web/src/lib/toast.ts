// Toasts, as react-hot-toast shows them, loaded with the first toast a visit shows rather than
// with the first page: most first pages show none. Calls made before it has loaded are made once
// it has, in order; the app mounts its toaster then (app/App.tsx).
import type { ToastOptions } from 'react-hot-toast';

type Library = typeof import('react-hot-toast');

let library: Library | undefined;
let loading: Promise<Library> | undefined;
const listeners = new Set<() => void>();

/** load loads react-hot-toast once. */
function load(): Promise<Library> {
  loading ??= import('react-hot-toast').then((m) => {
    library = m;
    listeners.forEach((l) => l());
    return m;
  });
  return loading;
}

/** withToasts calls fn with react-hot-toast's toast, at once when it has loaded, else once it has. */
function withToasts(fn: (t: Library['default']) => void) {
  if (library) fn(library.default);
  else void load().then((m) => fn(m.default));
}

/** toast shows and hides toasts: react-hot-toast's calls, made once it has loaded. */
const toast = {
  success: (message: string, options?: ToastOptions) => withToasts((t) => t.success(message, options)),
  error: (message: string, options?: ToastOptions) => withToasts((t) => t.error(message, options)),
  dismiss: (id?: string) => withToasts((t) => t.dismiss(id)),
  remove: (id?: string) => withToasts((t) => t.remove(id)),
};
export default toast;

/** toastsLoaded tells whether react-hot-toast has loaded: the toaster is mounted from then on. */
export const toastsLoaded = () => library !== undefined;

/** onToastsLoaded calls listener once react-hot-toast has loaded; it returns the unsubscribe. */
export function onToastsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
