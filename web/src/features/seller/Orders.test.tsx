import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';
import type { SellerOrder } from '../../lib/contract';

afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/auth-seller': () => ({ json: { success: true } }) };
const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const order = (o: Partial<SellerOrder>): SellerOrder => ({
  _id: 'o1', number: 10001, items: [{ product: rice, quantity: 2 }], address, amount: 601.8, paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
  createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', nextStatuses: ['Packed', 'Cancelled'], canMarkPaid: false,
  refunds: [], canRefund: false, canMarkRefunded: false, ...o,
});

describe('seller orders by number', () => {
  it('shows each order number and finds an order by it', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/order/seller': () => ({ json: { success: true, hasMore: false, orders: [order({ _id: 'o2', number: 10482 }), order({})] } }),
      'GET /api/order/seller?number=%2310001': () => ({ json: { success: true, hasMore: false, orders: [order({})] } }),
      'GET /api/order/seller?number=99999': () => ({ json: { success: true, hasMore: false, orders: [] } }),
      'GET /api/order/seller?number=abc': () => ({ status: 400, json: { success: false, message: 'An order number is a number like #10482' } }),
      'POST /api/order/status': () => ({ json: { success: true, message: 'Order Packed', order: order({ status: 'Packed', nextStatuses: ['Out for Delivery', 'Cancelled'] }) } }),
    });
    renderStore('/seller/orders');
    const newest = await screen.findByRole('listitem', { name: 'Order #10482' });
    expect(within(newest).getByRole('heading', { name: 'Order #10482' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /^Order #/ })).toHaveLength(2);

    const box = screen.getByRole('searchbox', { name: 'Find order by number' });
    await userEvent.type(box, ' #10001 ');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    const match = await screen.findByRole('listitem', { name: 'Order #10001' });
    expect(screen.queryByRole('listitem', { name: 'Order #10482' })).not.toBeInTheDocument();
    expect(within(match).getByText('Jumla Red Rice')).toBeInTheDocument();
    // The found order can be handled right there.
    await userEvent.click(within(match).getByRole('button', { name: 'Mark Packed' }));
    expect(await within(match).findByText('Status: Packed')).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, '99999{enter}');
    expect(await screen.findByText('No order with that number')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem', { name: /^Order #/ })).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, 'abc{enter}');
    expect(await screen.findByText('An order number is a number like #10482')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(box).toHaveValue('');
    expect(await screen.findByRole('listitem', { name: 'Order #10482' })).toBeInTheDocument();
    // The change made to the found order shows in the full list too.
    expect(within(screen.getByRole('listitem', { name: 'Order #10001' })).getByText('Status: Packed')).toBeInTheDocument();
    expect(calls.filter((c) => c.key.startsWith('GET /api/order/seller?number=')).map((c) => c.key)).toEqual([
      'GET /api/order/seller?number=%2310001',
      'GET /api/order/seller?number=99999',
      'GET /api/order/seller?number=abc',
    ]);
  });
});
