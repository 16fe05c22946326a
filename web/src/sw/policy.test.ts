import { describe, expect, it } from 'vitest';
import { keepable, shellFiles, strategy } from './policy';

const origin = 'https://shop.example';
const at = (path: string) => new URL(path, origin);

describe('strategy', () => {
  it('keeps pages, the build and the catalogue, network first but for the hashed files', () => {
    expect(strategy('GET', at('/products/fruits/01ABC'), origin, true)).toBe('page');
    expect(strategy('GET', at('/'), origin, true)).toBe('page');
    expect(strategy('GET', at('/assets/index-abc.js'), origin, false)).toBe('asset');
    for (const read of ['/api/config', '/api/settings', '/api/product/search?category=Fruits', '/api/product/get?id=1', '/media/catalogue/rice.webp', '/media/uploads/x.webp']) {
      expect(strategy('GET', at(read), origin, false), read).toBe('read');
    }
  });

  it('never keeps a write, a shopper’s or a seller’s data, or another site’s answer', () => {
    for (const path of ['/api/cart/update', '/api/order/cod', '/api/product/list']) expect(strategy('POST', at(path), origin, false), path).toBe('pass');
    for (const path of ['/api/user/is-auth', '/api/user/session', '/api/order/user', '/api/address/get', '/api/seller/products', '/api/cart/quote', '/api/order/invoice?id=1', '/api/product/export.csv', '/sw.js', '/manifest.webmanifest']) {
      expect(strategy('GET', at(path), origin, false), path).toBe('pass');
    }
    expect(strategy('GET', at('/seller/orders'), origin, true)).toBe('pass');
    expect(strategy('GET', at('/seller'), origin, true)).toBe('pass');
    expect(strategy('GET', at('/sellers-guide'), origin, true)).toBe('page');
    expect(strategy('GET', new URL('https://cdn.example/api/config'), origin, false)).toBe('pass');
  });
});

describe('keepable', () => {
  const answer = (status: number, headers: Record<string, string> = {}) => {
    const res = new Response('{}', { status, headers });
    Object.defineProperty(res, 'type', { value: 'basic' });
    return res;
  };
  it('keeps whole successful answers that are not the visitor’s own', () => {
    expect(keepable(answer(200, { 'Cache-Control': 'no-store' }))).toBe(true);
    expect(keepable(answer(200, { 'Cache-Control': 'private, max-age=60' }))).toBe(false);
    expect(keepable(answer(404))).toBe(false);
    expect(keepable(answer(206))).toBe(false);
    expect(keepable(answer(500))).toBe(false);
  });
});

describe('shellFiles', () => {
  it('lists the build’s files the shell loads', () => {
    const html = `<link rel="icon" href="/favicon.svg" /><link rel="manifest" href="/manifest.webmanifest" />
      <script type="module" crossorigin src="/assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/config-B2.js"><link rel="modulepreload" crossorigin href="/assets/config-B2.js">`;
    expect(shellFiles(html)).toEqual(['/assets/index-A1.js', '/assets/config-B2.js']);
  });
});
