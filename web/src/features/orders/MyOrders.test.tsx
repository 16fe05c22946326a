import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bill, renderStore, rice, serveApi } from '../../test/render';
import type { Order, OrderStatus, UserOrder } from '../../lib/contract';
import { setLanguage } from '../../i18n';

afterEach(() => vi.unstubAllGlobals());

const signedIn = () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita Gurung', email: 's@example.com', cartItems: {} } } });
const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const tea = { _id: 'tea', name: 'Ilam Tea', category: 'Drinks' as const, offerPrice: 495.5, image: ['/media/catalogue/tea.webp'] };

describe('my orders', () => {
  it('shows the order number and each line as quantity × unit price = line total', async () => {
    const order: Order = {
      _id: '01JD8Z6Q4M3W0V7K2YB9XH5T1C', number: 10482, address, amount: 1612.26, deliveryFee: 0, taxRule: 'flat', tax: 31.61, bill: bill({ lines: [590, 1486.5], tax: 31.61, total: 1612.26 }), currency: 'USD', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
      items: [{ product: rice, quantity: 2 }, { product: tea, quantity: 3 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z',
    };
    serveApi({ 'GET /api/user/session': signedIn, 'GET /api/order/user': () => ({ json: { success: true, orders: [order] } }) });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10482' });
    expect(within(card).getByRole('heading', { name: 'Order #10482' })).toBeInTheDocument();
    const lines = within(card).getAllByTestId('line-total');
    expect(lines.map((l) => l.textContent)).toEqual(['2 × $295 = $590', '3 × $495.50 = $1486.50']);
    expect(within(card).getAllByText(/^Quantity:/).map((q) => q.textContent)).toEqual(['Quantity: 2', 'Quantity: 3']);
    expect(within(card).getByTestId('order-amount')).toHaveTextContent('$1612.26');
  });

  it('takes the amount apart: the items, the delivery fee charged or Free, the tax', async () => {
    const order = (number: number, o: Partial<Order>): Order => ({
      _id: `o${number}`, number, address, amount: 12.5, deliveryFee: 2.3, taxRule: 'flat', tax: 0.2, bill: bill({ lines: [10], subtotal: 10, deliveryFee: 2.3, taxable: 10, tax: 0.2, total: 12.5 }), currency: 'USD', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
      items: [{ product: { ...tea, offerPrice: 5 }, quantity: 2 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', ...o,
    });
    serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': () => ({ json: { success: true, orders: [order(10002, {}), order(10001, { amount: 10.2, deliveryFee: 0, bill: bill({ lines: [10], subtotal: 10, taxable: 10, tax: 0.2, total: 10.2 }) })] } }),
    });
    renderStore('/my-orders');
    const charged = await screen.findByRole('listitem', { name: 'Order #10002' });
    expect(within(charged).getByText('Items').nextSibling).toHaveTextContent('$10');
    expect(within(charged).getByTestId('order-delivery-fee')).toHaveTextContent('$2.30');
    expect(within(charged).getByText('Delivery fee')).toBeInTheDocument();
    expect(within(charged).getByTestId('order-tax')).toHaveTextContent('$0.20');
    expect(within(charged).getByText('Tax (2%)')).toBeInTheDocument();
    expect(within(charged).getByTestId('order-amount')).toHaveTextContent('$12.50');
    const free = screen.getByRole('listitem', { name: 'Order #10001' });
    expect(within(free).getByTestId('order-delivery-fee')).toHaveTextContent('Free');
    expect(within(free).getByText('Items').nextSibling).toHaveTextContent('$10');
  });

  it('shows the items, the delivery fee and the VAT held in Nepali', async () => {
    await setLanguage('ne');
    try {
      const order: Order = {
        _id: 'o1', number: 10003, address, amount: 1075, deliveryFee: 75, taxRule: 'vat', tax: 123.67, bill: bill({ taxRule: 'vat', lines: [1000], subtotal: 1000, deliveryFee: 75, taxable: 1075, tax: 123.67, total: 1075 }), currency: 'NPR', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
        items: [{ product: { ...tea, offerPrice: 500, nameNe: 'इलामको चिया' }, quantity: 2 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z',
      };
      serveApi({ 'GET /api/user/session': signedIn, 'GET /api/order/user': () => ({ json: { success: true, orders: [order] } }) });
      renderStore('/my-orders');
      const card = await screen.findByRole('listitem', { name: 'अर्डर #१०००३' });
      // The item is named as it was in Nepali when ordered.
      expect(within(card).getByText('इलामको चिया')).toBeInTheDocument();
      expect(within(card).getByText('डेलिभरी शुल्क')).toBeInTheDocument();
      expect(within(card).getByTestId('order-delivery-fee')).toHaveTextContent('रु ७५');
      expect(within(card).getByText('सामान').nextSibling).toHaveTextContent('रु १,०००');
      expect(within(card).getByText('समावेश भ्याट (१३%)')).toBeInTheDocument();
      expect(within(card).getByTestId('order-tax')).toHaveTextContent('रु १२३.६७');
    } finally {
      await setLanguage('en');
    }
  });

  it('offers Pay Now on exactly the orders the server says can be paid', async () => {
    const online = (number: number, status: OrderStatus, canPay: boolean): UserOrder => ({
      _id: `o${number}`, number, address, amount: 300.9, deliveryFee: 0, taxRule: 'flat', tax: 5.9, bill: bill({ lines: [295], subtotal: 295, taxable: 295, tax: 5.9, total: 300.9 }), currency: 'USD', paymentType: 'Online', status, isPaid: false, testPayment: false, canPay, canCancel: false,
      items: [{ product: rice, quantity: 1 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z',
    });
    serveApi({
      'GET /api/config': () => ({ json: { success: true, currency: 'USD', currencySymbol: '$', paymentMethods: [{ id: 'sandbox', label: 'Test payment' }] } }),
      'GET /api/user/session': signedIn,
      // The page follows the server's word, whatever the status reads: the second order is not offered.
      'GET /api/order/user': () => ({ json: { success: true, orders: [online(10002, 'Payment Failed', true), online(10001, 'Awaiting Payment', false)] } }),
    });
    renderStore('/my-orders');
    const payable = await screen.findByRole('listitem', { name: 'Order #10002' });
    expect(await within(payable).findByRole('button', { name: 'Pay Now' })).toBeEnabled();
    const other = screen.getByRole('listitem', { name: 'Order #10001' });
    expect(within(other).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('cancels an order after asking once more', async () => {
    let status: OrderStatus = 'Order Placed';
    const order = (): UserOrder => ({
      _id: 'o1', number: 10482, address, amount: 300.9, deliveryFee: 0, taxRule: 'flat', tax: 5.9, bill: bill({ lines: [295], subtotal: 295, taxable: 295, tax: 5.9, total: 300.9 }), currency: 'USD', paymentType: 'COD', status, isPaid: false, testPayment: false, canPay: false, canCancel: status === 'Order Placed',
      items: [{ product: rice, quantity: 1 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z',
    });
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': () => ({ json: { success: true, orders: [order()] } }),
      'POST /api/order/cancel': () => {
        status = 'Cancelled';
        return { json: { success: true, message: 'Order Cancelled', order: order() } };
      },
    });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10482' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Cancel order' }));
    expect(within(card).getByText('Cancel order #10482? This cannot be undone.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Keep order' }));
    expect(calls.some((c) => c.key === 'POST /api/order/cancel')).toBe(false);
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Order Cancelled')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/cancel')?.body).toEqual({ id: 'o1' });
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument());
  });

  it('puts an order back into the cart and names what is no longer sold', async () => {
    const old: UserOrder = {
      _id: 'o1', number: 10482, address, amount: 1612.26, deliveryFee: 0, taxRule: 'flat', tax: 31.61, bill: bill({ lines: [590, 1486.5], tax: 31.61, total: 1612.26 }), currency: 'USD', paymentType: 'COD', status: 'Delivered', isPaid: true, testPayment: false, canPay: false, canCancel: false,
      items: [{ product: rice, quantity: 2 }, { product: tea, quantity: 3 }], createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z',
    };
    serveApi({ 'GET /api/order/user': () => ({ json: { success: true, orders: [old] } }), 'GET /api/user/session': signedIn, 'POST /api/cart/update': () => ({ json: { success: true } }) });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10482' });
    expect(within(card).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Order again' }));
    expect(await screen.findByText('No longer available: Ilam Tea')).toBeInTheDocument();
    expect(await screen.findByText('2 items from this order added to your cart')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
  });
});
