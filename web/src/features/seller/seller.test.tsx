import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bill, renderStore, rice, serveApi } from '../../test/render';
import type { SellerOrder } from '../../lib/contract';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const location = () => screen.getByTestId('location');

describe('seller login', () => {
  it('shows the server message, then the seller area on success', async () => {
    let ok = false;
    const calls = serveApi({
      'POST /api/seller/login': (body) => {
        ok = (body as { password: string }).password === 'right-password';
        return ok ? { json: { success: true, message: 'Logged In' } } : { status: 401, json: { success: false, message: 'Invalid email or password' } };
      },
    });
    renderStore('/seller');
    expect(await screen.findByRole('heading', { name: 'Seller Login' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), '  seller@haat.example ');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/login')?.body).toEqual({ email: 'seller@haat.example', password: 'wrong' });

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Hi! Admin')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Add New Product' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/seller');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    serveApi({ 'POST /api/seller/login': () => ({ status: 500, json: {} }) });
    renderStore('/seller');
    await userEvent.type(await screen.findByLabelText('Email'), 'seller@haat.example');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('logs out and goes home', async () => {
    serveApi({ ...seller, 'GET /api/seller/logout': () => ({ json: { success: true, message: 'Logged Out' } }) });
    renderStore('/seller/orders');
    const nav = await screen.findByRole('navigation', { name: 'Seller menu' });
    expect(within(nav).getByRole('link', { name: 'AddProduct' })).toHaveAttribute('href', '/seller');
    expect(within(nav).getByRole('link', { name: 'Product List' })).toHaveAttribute('href', '/seller/product-list');
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toHaveTextContent('/home'));
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
  });
});

const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const sellerOrder = (o: Partial<SellerOrder>): SellerOrder => ({
  _id: 'o1', number: 10001, items: [{ product: rice, quantity: 2 }], address, amount: 601.8, creditUsed: 0, toPay: 601.8, deliveryFee: 0, taxRule: 'flat', tax: 11.8, bill: bill({ lines: [590], subtotal: 590, taxable: 590, tax: 11.8, total: 601.8 }), currency: 'USD', paymentType: 'COD', status: 'Order Placed', isPaid: false, testPayment: false,
  createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [], nextStatuses: ['Packed', 'Cancelled'], canMarkPaid: false, canAssign: false,
  refunds: [], canRefund: false, canMarkRefunded: false, canRefundPart: false, refundable: [], ...o,
});

describe('orders', () => {
  it('moves an order on, asks before cancelling, and marks it paid', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/order/seller': () => ({ json: { success: true, hasMore: false, orders: [sellerOrder({})] } }),
      'POST /api/order/status': (body) => {
        const { status } = body as { status: string };
        return status === 'Packed'
          ? { json: { success: true, message: 'Order Packed', order: sellerOrder({ status: 'Packed', nextStatuses: ['Out for Delivery', 'Cancelled'] }) } }
          : { status: 409, json: { success: false, message: 'The order was changed meanwhile. Please try again.' } };
      },
      'POST /api/order/paid': () => ({ json: { success: true, message: 'Marked Paid', order: sellerOrder({ status: 'Delivered', isPaid: true, nextStatuses: [] }) } }),
    });
    renderStore('/seller/orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10001' });
    expect(within(card).getByText('Jumla Red Rice')).toBeInTheDocument();
    expect(within(card).getByText('$601.80')).toBeInTheDocument();
    expect(within(card).getByText('Pending')).toBeInTheDocument();
    expect(within(card).getByText('Status: Order Placed')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Mark Packed' }));
    expect(await screen.findByText('Order Packed')).toBeInTheDocument();
    expect(within(card).getByText('Status: Packed')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Mark Out for Delivery' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    expect(calls.filter((c) => c.key === 'POST /api/order/status')).toHaveLength(1); // only asked so far
    await userEvent.click(within(card).getByRole('button', { name: 'Keep order' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Yes, cancel' }));
    expect(await screen.findByText('The order was changed meanwhile. Please try again.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/order/status').map((c) => c.body)).toEqual([
      { id: 'o1', status: 'Packed' },
      { id: 'o1', status: 'Cancelled' },
    ]);
  });

  it('offers Mark Paid only when the server allows it, and pages back', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/order/seller': () => ({
        json: { success: true, hasMore: true, orders: [sellerOrder({ status: 'Delivered', nextStatuses: [], canMarkPaid: true })] },
      }),
      'GET /api/order/seller?before=o1': () => ({ json: { success: true, hasMore: false, orders: [sellerOrder({ _id: 'o0', number: 10000, isPaid: true, paymentType: 'Online' })] } }),
      'POST /api/order/paid': () => ({ json: { success: true, message: 'Marked Paid', order: sellerOrder({ status: 'Delivered', isPaid: true, nextStatuses: [] }) } }),
    });
    renderStore('/seller/orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10001' });
    expect(within(card).queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Mark Paid' }));
    expect(await within(card).findByText('Paid')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    const older = await screen.findByRole('listitem', { name: 'Order #10000' });
    expect(within(older).getByText('Method: Online')).toBeInTheDocument();
    expect(within(older).queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/order/seller?before=o1')).toBe(true);
  });
});
