import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './app/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import App from './app/App';
import { AppProvider } from './app/context';
import './index.css';
import { setLanguage, storedLanguage } from './i18n';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

// The page shows in the language this browser chose last; its catalogue loads before the first paint.
void setLanguage(storedLanguage()).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppProvider>
            <App />
          </AppProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
