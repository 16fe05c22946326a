import { afterEach, describe, expect, it, vi } from 'vitest';
import { get, post } from './api';
import { setLanguage } from '../i18n';

/** sent stubs fetch with a successful answer and returns the calls' request options. */
function sent(): RequestInit[] {
  const calls: RequestInit[] = [];
  vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
    calls.push(init);
    return Promise.resolve(new Response(JSON.stringify({ success: true, message: 'ok' }), { headers: { 'Content-Type': 'application/json' } }));
  });
  return calls;
}

const header = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe('api asks for the language shown', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await setLanguage('en');
  });

  it('sends Accept-Language en, then ne from the call after the switch, without a reload', async () => {
    const calls = sent();
    await get('/api/product/list');
    await post('/api/user/login', { email: 'a@haat.example', password: 'a long password' });
    await setLanguage('ne');
    await get('/api/product/list');
    await post('/api/user/login', { email: 'a@haat.example', password: 'a long password' });
    await setLanguage('en');
    await get('/api/product/list');
    expect(calls.map((c) => header(c, 'Accept-Language'))).toEqual(['en', 'en', 'ne', 'ne', 'en']);
    // A JSON body keeps its Content-Type beside the language.
    expect(header(calls[3], 'Content-Type')).toBe('application/json');
    expect(header(calls[2], 'Content-Type')).toBeNull();
  });
});
