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
    const calls = serveApi({ 'GET /api/user/session': () => sita(), 'POST /api/user/language': () => ({ json: { success: true } }) });
    renderStore();
    await userEvent.click(await screen.findByRole('button', { name: 'नेपाली' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/user/language').map((c) => c.body)).toEqual([{ language: 'ne' }]));
  });

  it('follows the language kept with the account', async () => {
    serveApi({ 'GET /api/user/session': () => sita('ne') });
    renderStore();
    expect(await screen.findByRole('button', { name: 'English' })).toBeInTheDocument();
    expect(language()).toBe('ne');
  });

  it('gives an account that chose none the language the browser shows', async () => {
    await setLanguage('ne');
    const calls = serveApi({ 'GET /api/user/session': () => sita(), 'POST /api/user/language': () => ({ json: { success: true } }) });
    renderStore();
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/user/language').map((c) => c.body)).toEqual([{ language: 'ne' }]));
  });
});

describe('the seller area\'s language', () => {
  const admin = (language?: string) => ({
    json: { success: true, seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'], ...(language ? { language } : {}) } },
  });

  it('follows the language kept with the seller\'s account', async () => {
    serveApi({ 'GET /api/seller/session': () => admin('ne') });
    renderStore('/seller/orders');
    expect(await screen.findByText('नमस्ते! एडमिन')).toBeInTheDocument();
    expect(language()).toBe('ne');
    expect(document.documentElement.lang).toBe('ne');
  });

  it('keeps the seller\'s choice with the seller\'s account, not a shopper\'s signed in beside', async () => {
    const calls = serveApi({
      'GET /api/seller/session': () => admin(),
      'GET /api/user/session': () => sita(),
      'POST /api/seller/language': () => ({ json: { success: true, message: 'Language saved' } }),
    });
    renderStore('/seller/orders');
    await screen.findByText('Hi! Admin');
    await userEvent.click(screen.getByRole('button', { name: 'नेपाली' }));
    expect(await screen.findByText('नमस्ते! एडमिन')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/seller/language').map((c) => c.body)).toEqual([{ language: 'ne' }]));
    expect(calls.some((c) => c.key === 'POST /api/user/language')).toBe(false);
  });

  it('follows the seller\'s account on sign-in, and keeps the browser\'s choice before it', async () => {
    const calls = serveApi({ 'POST /api/seller/login': () => ({ json: { ...admin('ne').json, message: 'Logged In' } }) });
    renderStore('/seller');
    expect(await screen.findByRole('heading', { name: 'Seller Login' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'नेपाली' }));
    expect(await screen.findByRole('button', { name: 'English' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Seller Login' })).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/language'))).toBe(false);
    await userEvent.type(screen.getByLabelText('Email'), 'seller@haat.example');
    await userEvent.type(screen.getByLabelText('Password'), 'seller-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('नमस्ते! एडमिन')).toBeInTheDocument();
    expect(localStorage.getItem('haat.language')).toBe('ne');
  });

  it('gives a seller who chose none the language the browser shows', async () => {
    await setLanguage('ne');
    const calls = serveApi({ 'GET /api/seller/session': () => admin(), 'POST /api/seller/language': () => ({ json: { success: true } }) });
    renderStore('/seller/orders');
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/seller/language').map((c) => c.body)).toEqual([{ language: 'ne' }]));
  });
});
