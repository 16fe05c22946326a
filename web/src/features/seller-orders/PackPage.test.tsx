import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bill, catalogue, renderStore, rice, serveApi } from '../../test/render';
import type { SellerOrder } from '../../lib/contract';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());
afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const tomatoes = { ...rice, _id: 'tomatoes', name: 'Local Tomatoes', category: 'Vegetables' as const, offerPrice: 180, soldBy: 'weight' as const, step: 250 };
const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const order: SellerOrder = {
  _id: 'o1', number: 10001, items: [{ product: tomatoes, quantity: 3 }, { product: rice, quantity: 1 }], address, amount: 439.9, creditUsed: 0, toPay: 439.9, deliveryFee: 0, taxRule: 'flat', tax: 8.6,
  bill: bill({ lines: [135, 295], subtotal: 430, taxable: 430, tax: 8.6, total: 438.6 }), currency: 'USD', paymentType: 'COD', status: 'Order Placed', isPaid: false,
  testPayment: false, createdAt: '2026-11-22T10:05:00Z', updatedAt: '2026-11-22T10:05:00Z', events: [], nextStatuses: ['Packed', 'Cancelled'], canMarkPaid: false, canAssign: false,
  refunds: [], canRefund: false, canMarkRefunded: false, canRefundPart: false, refundable: [],
};

describe('the packer’s screen', () => {
  it('lists what to pick by category, ticks it off, and packs each order with its weights', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/seller/picklist': () => ({
        json: {
          success: true, orders: 1, lines: [
            { product: 'tomatoes', name: 'Local Tomatoes', category: 'Vegetables', quantity: 3, grams: 750, soldBy: 'weight', orders: 1 },
            { product: 'rice', name: 'Jumla Red Rice', category: 'Grains', quantity: 1, orders: 1 },
          ],
        },
      }),
      'GET /api/order/seller': () => ({ json: { success: true, hasMore: false, orders: [order] } }),
      'POST /api/order/pack': () => ({ json: { success: true, message: 'Order Packed', order: { ...order, status: 'Packed' } } }),
    });
    renderStore('/seller/pack');
    expect(await screen.findByRole('heading', { name: 'Pick list: 1 order to pack' })).toBeInTheDocument();
    const tomatoLine = screen.getByRole('checkbox', { name: /Local Tomatoes/ });
    expect(tomatoLine.closest('label')).toHaveTextContent('750 g');
    expect(screen.getByRole('checkbox', { name: /Jumla Red Rice/ }).closest('label')).toHaveTextContent('× 1');
    expect(screen.getByRole('heading', { name: 'Vegetables' })).toBeInTheDocument();
    await userEvent.click(tomatoLine);
    expect(tomatoLine).toBeChecked();

    const card = screen.getByRole('article', { name: 'Order #10001' });
    await userEvent.type(within(card).getByLabelText(/Local Tomatoes/), '760');
    await userEvent.click(within(card).getByRole('button', { name: 'Packed' }));
    expect(await screen.findByText('Order Packed')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/pack')?.body).toEqual({ id: 'o1', lines: [{ product: 'tomatoes', grams: 760 }, { product: 'rice', quantity: 1 }] });
    // Packed, it leaves the orders to pack.
    expect(await screen.findByText('Nothing waits to be packed.')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/order/seller?status=Order+Placed')).toBe(true);
    // A day's deliveries only, once chosen.
    await userEvent.selectOptions(screen.getByLabelText('Deliveries of'), 'Today');
    await vi.waitFor(() => expect(calls.some((c) => /^GET \/api\/seller\/picklist\?slot=\d{4}-\d\d-\d\d$/.test(c.key))).toBe(true));
  });

  it('sends a substitute for what was not there, and not for what the shopper leaves out', async () => {
    const basmati = { ...rice, _id: 'basmati', name: 'Basmati Rice', offerPrice: 250 };
    const spinach = { ...tomatoes, _id: 'spinach', name: 'Spinach', offerPrice: 120 };
    const choosy: SellerOrder = { ...order, items: [{ product: tomatoes, quantity: 3, substitute: 'none' }, { product: rice, quantity: 2, substitute: 'best' }] };
    const calls = serveApi({
      ...seller,
      ...catalogue([rice, basmati, spinach, tomatoes]),
      'GET /api/seller/picklist': () => ({ json: { success: true, orders: 1, lines: [] } }),
      'GET /api/order/seller': () => ({ json: { success: true, hasMore: false, orders: [choosy] } }),
      'POST /api/order/pack': () => ({ json: { success: true, message: 'Order Packed', order: { ...choosy, status: 'Packed' } } }),
    });
    renderStore('/seller/pack');
    const card = await screen.findByRole('article', { name: 'Order #10001' });
    await userEvent.type(within(card).getByLabelText(/Local Tomatoes/), '0');
    expect(within(card).getByText('The shopper asked to leave it out.')).toBeInTheDocument();
    expect(within(card).queryByLabelText('Send instead of Local Tomatoes')).not.toBeInTheDocument();

    // Nothing is offered while all of the rice is there.
    expect(within(card).queryByLabelText('Send instead of Jumla Red Rice')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(card).getByLabelText(/Jumla Red Rice/), 'None there');
    const instead = await within(card).findByLabelText('Send instead of Jumla Red Rice');
    await vi.waitFor(() => expect(within(instead).getByRole('option', { name: 'Basmati Rice' })).toBeInTheDocument());
    // Not the rice itself, nor what the order holds already.
    expect(within(instead).queryByRole('option', { name: 'Jumla Red Rice' })).not.toBeInTheDocument();
    expect(within(instead).queryByRole('option', { name: 'Local Tomatoes' })).not.toBeInTheDocument();
    await userEvent.selectOptions(instead, 'Basmati Rice');
    expect(within(card).getByLabelText('How many')).toHaveValue('2');
    expect(within(card).getByText(/asked to keep or refuse it within 10 minutes/)).toBeInTheDocument();
    await userEvent.clear(within(card).getByLabelText('How many'));
    await userEvent.type(within(card).getByLabelText('How many'), '1');
    await userEvent.click(within(card).getByRole('button', { name: 'Packed' }));
    expect(await screen.findByText('Order Packed')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/pack')?.body).toEqual({
      id: 'o1',
      lines: [
        { product: 'tomatoes', grams: 0 },
        { product: 'rice', quantity: 0, substitute: { product: 'basmati', quantity: 1 } },
      ],
    });
  });
});
