import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import App from './app/App';
import { AppProvider } from './app/context';
import './index.css';
import { language, setLanguage, storedLanguage } from './i18n';
import { configKeys } from './lib/config';
import { pageSettings } from './lib/store';
import { registerServiceWorker } from './lib/online';
import { keepCardsAhead } from './lib/ahead';
import { takeOver } from './lib/useHydrated';

// Offline, reads and writes are still tried (offlineFirst), not held back: the service worker answers
// the catalogue's reads from what it kept, and a write fails at once with a message that says why.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
    mutations: { networkMode: 'offlineFirst' },
  },
});
// The store's settings are those the server filled the page with: the page taken over shows them.
const filled = pageSettings();
if (filled) queryClient.setQueryData(configKeys.settings, filled);

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppProvider>
          <App />
        </AppProvider>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);

// The page shows in the language this browser chose last, its catalogue loaded first. A page the
// build rendered ahead in that language (data-prerendered) is taken over as it stands; any other
// is drawn anew.
const root = document.getElementById('root')!;
keepCardsAhead();
void setLanguage(storedLanguage()).finally(() => {
  // Both render as a transition: in slices, so that a tap on the page is not kept waiting.
  startTransition(() => {
    if (root.dataset.prerendered === language()) {
      takeOver();
      hydrateRoot(root, app);
    } else createRoot(root).render(app);
  });
});

// Installed as an app, the store opens offline too (lib/online.ts).
registerServiceWorker();
