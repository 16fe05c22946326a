import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const signedIn = () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: { rice: 1 }, cartVersion: 1 } } });
const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const slots = [
  { id: '2026-11-23/m', day: '2026-11-23', start: 480, end: 600, remaining: 3, state: 'closed' },
  { id: '2026-11-23/e', day: '2026-11-23', start: 1080, end: 1200, remaining: 0, state: 'full' },
  { id: '2026-11-24/m', day: '2026-11-24', start: 480, end: 600, remaining: 2, state: 'open' },
  { id: '2026-11-24/e', day: '2026-11-24', start: 1080, end: 1200, remaining: 5, state: 'open' },
];

describe('delivery slots in the cart', () => {
  it('offers the open slots, greys out full and closed ones with the reason, and sends the slot chosen', async () => {
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/address/get': () => ({ json: { success: true, addresses: [address] } }),
      'GET /api/slot/list': () => ({ json: { success: true, slots } }),
      'POST /api/order/cod': () => ({ json: { success: true, message: 'Order Placed Successfully' } }),
      'GET /api/order/user': () => ({ json: { success: true, orders: [] } }),
    });
    renderStore('/cart');
    const picker = await screen.findByRole('group', { name: 'Delivery slot' });
    expect(within(picker).getByText('Today · Mon 23 Nov')).toBeInTheDocument();
    expect(within(picker).getByText('Tomorrow · Tue 24 Nov')).toBeInTheDocument();
    const radios = within(picker).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).disabled)).toEqual([true, true, false, false]);
    expect(within(picker).getByText('Past cut-off')).toBeInTheDocument();
    expect(within(picker).getByText('Full')).toBeInTheDocument();
    expect(within(picker).getByText('2 left')).toBeInTheDocument();
    await screen.findByText('Lakeside 4, Pokhara, Gandaki, Nepal');

    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    expect(await screen.findAllByText('Please choose a delivery slot')).not.toHaveLength(0);
    expect(calls.some((c) => c.key === 'POST /api/order/cod')).toBe(false);

    await userEvent.click(radios[3]!);
    expect(radios[3]).toBeChecked();
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).toEqual({ items: [{ product: 'rice', quantity: 1 }], address: 'a1', slot: '2026-11-24/e' }));
  });

  it('keeps the slot picked through a reload, and forgets it once the order is placed', async () => {
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/address/get': () => ({ json: { success: true, addresses: [address] } }),
      'GET /api/slot/list': () => ({ json: { success: true, slots } }),
      'POST /api/order/cod': () => ({ json: { success: true, message: 'Order Placed Successfully' } }),
      'GET /api/order/user': () => ({ json: { success: true, orders: [] } }),
    });
    const first = renderStore('/cart');
    await userEvent.click(within(await screen.findByRole('group', { name: 'Delivery slot' })).getAllByRole('radio')[2]!);
    first.unmount();

    renderStore('/cart');
    const radios = within(await screen.findByRole('group', { name: 'Delivery slot' })).getAllByRole('radio');
    expect(radios[2]).toBeChecked();
    await screen.findByText('Lakeside 4, Pokhara, Gandaki, Nepal');
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).toMatchObject({ slot: '2026-11-24/m' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('haat.checkout.u1') ?? '{}')).not.toHaveProperty('slotId'));
  });

  it('shows no picker and sends no slot while the store offers none', async () => {
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/address/get': () => ({ json: { success: true, addresses: [address] } }),
      'GET /api/slot/list': () => ({ json: { success: true, slots: [] } }),
      'POST /api/order/cod': () => ({ json: { success: true, message: 'Order Placed Successfully' } }),
      'GET /api/order/user': () => ({ json: { success: true, orders: [] } }),
    });
    renderStore('/cart');
    await screen.findByText('Lakeside 4, Pokhara, Gandaki, Nepal');
    expect(screen.queryByRole('group', { name: 'Delivery slot' })).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).toEqual({ items: [{ product: 'rice', quantity: 1 }], address: 'a1' }));
  });
});
