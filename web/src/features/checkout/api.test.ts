import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';

const header = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe('checkout calls sent again', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    sessionStorage.clear();
  });

  /** network stubs fetch: each call fails as the network does while failures last, then is answered. */
  function network(failures: number) {
    const keys: (string | null)[] = [];
    vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
      keys.push(header(init, 'Idempotency-Key'));
      if (keys.length <= failures) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(new Response(JSON.stringify({ success: true, message: 'Order Placed Successfully' }), { headers: { 'Content-Type': 'application/json' } }));
    });
    return keys;
  }

  const items = [{ product: 'rice', quantity: 2 }];

  it('sends an order whose answer was lost again under the same key, and a new order under a new key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const keys = network(1);
    const placed = api.placeOrder('COD', items, 'a1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(await placed).toMatchObject({ success: true });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);

    // Answered: the same order asked for again is a new order.
    await api.placeOrder('COD', items, 'a1');
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('keeps the key of an order never answered for the next press, in this tab', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const keys = network(3);
    const placed = api.placeOrder('COD', items, 'a1');
    await vi.advanceTimersByTimeAsync(4000);
    expect(await placed).toMatchObject({ success: false, status: 0 });
    expect(new Set(keys).size).toBe(1);

    await api.placeOrder('COD', items, 'a1');
    expect(keys[3]).toBe(keys[0]);
    // Another order (another address) is another call.
    await api.placeOrder('COD', items, 'a2');
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('sends the calls of the original storefront without a key', async () => {
    const keys = network(0);
    await api.addAddress({ firstName: 'A' } as never);
    expect(keys).toEqual([null]);
  });
});
