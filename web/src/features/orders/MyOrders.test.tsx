import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderStore, rice, serveApi } from '../../test/render';
import type { Order, OrderStatus, UserOrder } from '../../lib/api';

afterEach(() => vi.unstubAllGlobals());

const signedIn = () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita Gurung', email: 's@example.com', cartItems: {} } } });
const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const tea = { _id: 'tea', name: 'Ilam Tea', category: 'Drinks' as const, offerPrice: 495.5, image: ['/media/catalogue/tea.webp'] };

describe('my orders', () => {
  it('shows the order number and each line as quantity × unit price = line total', async () => {
    const order: Order = {
      _id: '01JD8Z6Q4M3W0V7K2YB9XH5T1C', number: 10482, address, amount: 1612.26, paymentType: 'COD', status: 'Order Placed', isPaid: false,
      items: [{ product: rice, quantity: 2 }, { product: tea, quantity: 3 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z',
    };
    serveApi({ 'GET /api/user/is-auth': signedIn, 'GET /api/order/user': () => ({ json: { success: true, orders: [order] } }) });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10482' });
    expect(within(card).getByRole('heading', { name: 'Order #10482' })).toBeInTheDocument();
    const lines = within(card).getAllByTestId('line-total');
    expect(lines.map((l) => l.textContent)).toEqual(['2 × $295 = $590', '3 × $495.50 = $1486.50']);
    expect(within(card).getAllByText(/^Quantity:/).map((q) => q.textContent)).toEqual(['Quantity: 2', 'Quantity: 3']);
    expect(within(card).getByTestId('order-amount')).toHaveTextContent('$1612.26');
  });

  it('offers Pay Now on exactly the orders the server says can be paid', async () => {
    const online = (number: number, status: OrderStatus, canPay: boolean): UserOrder => ({
      _id: `o${number}`, number, address, amount: 300.9, paymentType: 'Online', status, isPaid: false, canPay,
      items: [{ product: rice, quantity: 1 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z',
    });
    serveApi({
      'GET /api/config': () => ({ json: { success: true, currency: 'USD', currencySymbol: '$', paymentMethods: [{ id: 'sandbox', label: 'Test payment' }] } }),
      'GET /api/user/is-auth': signedIn,
      // The page follows the server's word, whatever the status reads: the second order is not offered.
      'GET /api/order/user': () => ({ json: { success: true, orders: [online(10002, 'Payment Failed', true), online(10001, 'Awaiting Payment', false)] } }),
    });
    renderStore('/my-orders');
    const payable = await screen.findByRole('listitem', { name: 'Order #10002' });
    expect(await within(payable).findByRole('button', { name: 'Pay Now' })).toBeEnabled();
    const other = screen.getByRole('listitem', { name: 'Order #10001' });
    expect(within(other).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });
});
