import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import OfflineNotice from './OfflineNotice';
import { get } from '../lib/api';
import { setLanguage } from '../i18n';

const notice = 'You are offline. You can browse the products you have seen; ordering needs a connection.';

/** online sets what the browser says of its connection, and tells the page as the browser does. */
function online(yes: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(yes);
  act(() => {
    window.dispatchEvent(new Event(yes ? 'online' : 'offline'));
  });
}

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await setLanguage('en');
});

describe('OfflineNotice', () => {
  it('shows while the browser is offline, in a live region, and goes when it is back', () => {
    render(<OfflineNotice />);
    const region = screen.getByRole('status');
    expect(region).toBeEmptyDOMElement();
    online(false);
    expect(region).toHaveTextContent(notice);
    online(true);
    expect(region).toBeEmptyDOMElement();
  });

  it('shows when a call finds no network although the browser says it is online, and says so in Nepali', async () => {
    await setLanguage('ne');
    render(<OfflineNotice />);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    let r: Awaited<ReturnType<typeof get>> | undefined;
    await act(async () => {
      r = await get('/api/product/search');
    });
    expect(r).toMatchObject({ success: false, status: 0, message: 'तपाईं अफलाइन हुनुहुन्छ, यसका लागि इन्टरनेट चाहिन्छ। केही पनि हराएको छैन: फेरि अनलाइन भएपछि प्रयास गर्नुहोस्।' });
    expect(screen.getByRole('status')).toHaveTextContent('तपाईं अफलाइन हुनुहुन्छ। पहिले हेरेका सामानहरू हेर्न सक्नुहुन्छ');
    // An answer the service worker kept from before is no sign that the store is reached.
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ success: true }), { headers: { 'Content-Type': 'application/json', 'X-Haat-Offline': '1' } })));
    await act(async () => {
      await get('/api/product/search');
    });
    expect(screen.getByRole('status')).not.toBeEmptyDOMElement();
    // The next call that reaches the store takes the notice away.
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ success: true }), { headers: { 'Content-Type': 'application/json' } })));
    await act(async () => {
      await get('/api/product/search');
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
