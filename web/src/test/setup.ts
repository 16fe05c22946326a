import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { act, cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';

// A loaded machine (CI beside a build) renders slower than a laptop: wait up to 5 s for what a test expects.
configure({ asyncUtilTimeout: 5000 });

// Toasts live in one store for the whole file: each test starts with none of the last one's.
afterEach(() => {
  cleanup();
  act(() => toast.remove());
  localStorage.clear();
});

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom has no object URLs; image previews only need a distinct string per file.
let objectURLs = 0;
URL.createObjectURL = () => `blob:preview-${++objectURLs}`;
URL.revokeObjectURL = () => {};

// No test reaches the network: a call no test serves (a page's query still running as its test ends)
// is answered 503 by happy-dom's fetch, where a real request would go to a port nobody listens on.
type HappyWindow = { happyDOM?: { settings: { fetch: { interceptor: unknown } } }; Response: typeof Response };
const happy = window as unknown as HappyWindow;
if (happy.happyDOM) {
  happy.happyDOM.settings.fetch.interceptor = {
    beforeAsyncRequest: () =>
      Promise.resolve(new happy.Response('{"success":false,"message":"Not served by this test"}', { status: 503, headers: { 'Content-Type': 'application/json' } })),
  };
}
