import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bill, renderStore, rice, serveApi } from '../../test/render';
import type { Order, SellerOrder } from '../../lib/contract';

afterEach(() => vi.unstubAllGlobals());

const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const order = (o: Partial<Order>): Order => ({
  _id: 'o1', number: 10001, items: [{ product: rice, quantity: 2 }], address, amount: 601.8, creditUsed: 0, toPay: 601.8, deliveryFee: 0, taxRule: 'flat', tax: 11.8, bill: bill({ lines: [590], subtotal: 590, taxable: 590, tax: 11.8, total: 601.8 }), currency: 'USD', paymentType: 'Online', status: 'Order Placed', isPaid: true, testPayment: false,
  createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [], ...o,
});
const sellerOrder = (o: Partial<SellerOrder>): SellerOrder => ({
  ...order({}), nextStatuses: ['Packed', 'Cancelled'], canMarkPaid: false, canAssign: false, refunds: [], canRefund: false, canMarkRefunded: false, canRefundPart: false, refundable: [], ...o,
});
const sita = { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: {} };
const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const due = { amount: 601.8, currency: 'USD', provider: 'esewa', reference: '01JD8Z6Q4M3W0V7K2YB9XH5T1C', state: 'due' as const };

describe('My Orders', () => {
  it('tells a test payment from a real one, and shows a cancelled paid order until its refund is made', async () => {
    serveApi({
      'GET /api/user/session': () => ({ json: { success: true, user: sita } }),
      'GET /api/order/user': () => ({
        json: {
          success: true,
          orders: [
            order({ _id: 'test', number: 10001, testPayment: true }),
            order({ _id: 'card', number: 10002 }),
            order({ _id: 'cancelled', number: 10003, status: 'Cancelled', refund: 'due' }),
            order({ _id: 'refunded', number: 10004, status: 'Cancelled', refund: 'refunded' }),
            order({ _id: 'twice', number: 10005, refund: 'due' }),
          ],
        },
      }),
    });
    renderStore('/my-orders');
    const numbers: Record<string, number> = { test: 10001, card: 10002, cancelled: 10003, refunded: 10004, twice: 10005 };
    const card = (id: string) => screen.findByRole('listitem', { name: `Order #${numbers[id]}` });
    const test = await card('test');
    expect(within(test).getByText('Paid (test)')).toBeInTheDocument();
    expect(within(test).queryByText('Paid', { exact: true })).not.toBeInTheDocument();
    expect(within(await card('card')).getByText('Paid', { exact: true })).toBeInTheDocument();
    const cancelled = await card('cancelled');
    expect(within(cancelled).getByText('Cancelled · refund pending')).toBeInTheDocument();
    expect(within(cancelled).queryByText('Paid', { exact: true })).not.toBeInTheDocument();
    expect(within(await card('refunded')).getByText('Refunded')).toBeInTheDocument();
    const twice = await card('twice');
    expect(within(twice).getByText('Paid', { exact: true })).toBeInTheDocument();
    expect(within(twice).getByText('Refund pending')).toBeInTheDocument();
  });
});

describe('Pay Now', () => {
  it('shows why the server refused to pay an order, and loads the orders again', async () => {
    let canPay = true;
    const calls = serveApi({
      'GET /api/config': () => ({ json: { success: true, currency: 'USD', currencySymbol: '$', paymentMethods: [{ id: 'sandbox', label: 'Test payment' }] } }),
      'GET /api/user/session': () => ({ json: { success: true, user: sita } }),
      'GET /api/order/user': () => ({ json: { success: true, orders: [{ ...order({ status: 'Payment Failed', isPaid: false }), canPay, canCancel: true }] } }),
      'POST /api/order/pay': () => {
        canPay = false;
        return { status: 409, json: { success: false, message: 'Jumla Red Rice is no longer sold; please order again' } };
      },
    });
    renderStore('/my-orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10001' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByText('Jumla Red Rice is no longer sold; please order again')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(card).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key.startsWith('GET /api/order/user')).length).toBeGreaterThan(1);
  });
});

describe('seller orders', () => {
  it('reads Paid (test) for an order the test page paid', async () => {
    serveApi({ ...seller, 'GET /api/order/seller': () => ({ json: { success: true, hasMore: false, orders: [sellerOrder({ testPayment: true })] } }) });
    renderStore('/seller/orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10001' });
    expect(within(card).getByText('Paid (test)')).toBeInTheDocument();
    expect(within(card).getByText('Paid on the test payment page: no money arrived. Do not ship it.')).toBeInTheDocument();
  });

  it('shows a refund due with amount, provider and reference, and marks it refunded', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/order/seller': () => ({
        json: { success: true, hasMore: false, orders: [sellerOrder({ status: 'Cancelled', nextStatuses: [], refund: 'due', refunds: [due], canMarkRefunded: true })] },
      }),
      'POST /api/order/refunded': () => ({
        json: {
          success: true,
          message: 'Marked Refunded',
          order: sellerOrder({ status: 'Cancelled', nextStatuses: [], refund: 'refunded', refunds: [{ ...due, state: 'refunded' }] }),
        },
      }),
    });
    renderStore('/seller/orders');
    const card = await screen.findByRole('listitem', { name: 'Order #10001' });
    const panel = within(card).getByRole('region', { name: 'Refund due' });
    expect(within(panel).getByText('$601.80 · eSewa · 01JD8Z6Q4M3W0V7K2YB9XH5T1C')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Refund through Stripe' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark Refunded' }));
    expect(await screen.findByText('Marked Refunded')).toBeInTheDocument();
    const done = within(card).getByRole('region', { name: 'Refunded' });
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('region', { name: 'Refund due' })).not.toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/refunded')?.body).toEqual({ id: 'o1' });
  });

  it('refunds a card payment through Stripe when the server allows it, and shows why it could not', async () => {
    const card = { ...due, provider: 'stripe', reference: 'cs_test_a1' };
    let refused = true;
    const calls = serveApi({
      ...seller,
      'GET /api/order/seller': () => ({
        json: { success: true, hasMore: false, orders: [sellerOrder({ status: 'Cancelled', nextStatuses: [], refund: 'due', refunds: [card], canRefund: true, canMarkRefunded: true })] },
      }),
      'POST /api/order/refund': () => {
        if (refused) {
          refused = false;
          return { status: 503, json: { success: false, message: 'The payment provider did not make the refund. Please try again.' } };
        }
        return { json: { success: true, message: 'Refunded', order: sellerOrder({ status: 'Cancelled', nextStatuses: [], refund: 'refunded', refunds: [{ ...card, state: 'refunded', refundReference: 're_1' }] }) } };
      },
    });
    renderStore('/seller/orders');
    const panel = await screen.findByRole('region', { name: 'Refund due' });
    expect(within(panel).getByText('$601.80 · Card (Stripe) · cs_test_a1')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Refund through Stripe' }));
    expect(await screen.findByText('The payment provider did not make the refund. Please try again.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Refund through Stripe' }));
    expect(await screen.findByRole('region', { name: 'Refunded' })).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/order/refund')).toHaveLength(2);
  });
});
