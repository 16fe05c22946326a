import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../test/render';
import { language, setLanguage } from '../i18n';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
  localStorage.clear();
});

const sita = (language?: string) => ({
  json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: {}, cartVersion: 0, ...(language ? { language } : {}) } },
});

describe('language switch', () => {
  it('shows the store in Nepali, with the page language, and remembers it in the browser', async () => {
    const calls = serveApi({});
    renderStore();
    await userEvent.click(await screen.findByRole('button', { name: 'नेपाली' }));
    expect((await screen.findAllByRole('link', { name: 'गृहपृष्ठ' })).length).toBeGreaterThan(0);
    expect(document.documentElement.lang).toBe('ne');
    expect(localStorage.getItem('haat.language')).toBe('ne');
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
    // A guest's choice stays in the browser.
    expect(calls.some((c) => c.key === 'POST /api/user/language')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect((await screen.findAllByRole('link', { name: 'Home' })).length).toBeGreaterThan(0);
    expect(document.documentElement.lang).toBe('en');
  });

  it('keeps a signed-in shopper\'s choice with the account', async () => {
    const calls = serveApi({ 'GET /api/user/is-auth': () => sita(), 'POST /api/user/language': () => ({ json: { success: true } }) });
    renderStore();
    await userEvent.click(await screen.findByRole('button', { name: 'नेपाली' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/user/language').map((c) => c.body)).toEqual([{ language: 'ne' }]));
  });

  it('follows the language kept with the account', async () => {
    serveApi({ 'GET /api/user/is-auth': () => sita('ne') });
    renderStore();
    expect(await screen.findByRole('button', { name: 'English' })).toBeInTheDocument();
    expect(language()).toBe('ne');
  });

  it('gives an account that chose none the language the browser shows', async () => {
    await setLanguage('ne');
    const calls = serveApi({ 'GET /api/user/is-auth': () => sita(), 'POST /api/user/language': () => ({ json: { success: true } }) });
    renderStore();
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/user/language').map((c) => c.body)).toEqual([{ language: 'ne' }]));
  });
});
