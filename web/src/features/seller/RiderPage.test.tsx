import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';
import type { Delivery } from '../../lib/contract';
import { loadSellerTexts } from '../../i18n';

beforeAll(() => loadSellerTexts());

const rider = { _id: 'r1', email: '', phone: '9801234567', name: 'Bikash Rai', role: 'rider', reach: ['area', 'deliveries'] };
const owner = { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] };
const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: '', street: 'Jhamsikhel 3', city: 'Lalitpur', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9811111111', landmark: 'Blue gate' };
const delivery = (d: Partial<Delivery>): Delivery => ({
  _id: 'o1', number: 10482, status: 'Packed', address, paymentType: 'COD', isPaid: false, amount: 601.8, currency: 'USD', collect: 601.8, items: 2,
  canStart: true, canDeliver: false, codeTriesLeft: 5, canTakeQR: false, ...d,
});

describe('the rider’s deliveries', () => {
  it('lists a delivery with where, what to collect, call and map; sets out; delivers with the code', async () => {
    let now = delivery({});
    const calls = serveApi({
      'GET /api/seller/session': () => ({ json: { seller: rider, success: true } }),
      'GET /api/rider/deliveries': () => ({ json: { deliveries: [now], success: true } }),
      'POST /api/rider/start': () => {
        now = delivery({ status: 'Out for Delivery', canStart: false, canDeliver: true });
        return { json: { delivery: now, message: 'Order Out for Delivery', success: true } };
      },
      'POST /api/rider/delivered': (body) => {
        if ((body as { code: string }).code !== '4821') return { status: 400, json: { success: false, message: 'Wrong code. Tries left: 4' } };
        now = delivery({ status: 'Delivered', canDeliver: false, isPaid: true, collect: 0 });
        return { json: { delivery: now, message: 'Order Delivered', success: true } };
      },
    });
    renderStore('/rider');
    const card = await screen.findByRole('listitem');
    expect(card).toHaveTextContent('#10482');
    expect(card).toHaveTextContent('Blue gate');
    expect(card).toHaveTextContent('Collect $601.80 in cash');
    expect(within(card).getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+9779811111111');
    expect(within(card).getByRole('link', { name: 'Map' }).getAttribute('href')).toContain('Blue%20gate');

    await userEvent.click(within(card).getByRole('button', { name: 'On my way' }));
    const code = await within(card).findByLabelText('Code from the shopper');
    await userEvent.type(code, '४८२१');
    await userEvent.click(within(card).getByRole('button', { name: 'Delivered' }));
    await screen.findByRole('heading', { name: 'Delivered today' });
    expect(calls.find((c) => c.key === 'POST /api/rider/delivered')?.body).toEqual({ id: 'o1', code: '4821' });
  });

  it('sends a brought-back delivery with its reason', async () => {
    const calls = serveApi({
      'GET /api/seller/session': () => ({ json: { seller: rider, success: true } }),
      'GET /api/rider/deliveries': () => ({ json: { deliveries: [delivery({ status: 'Out for Delivery', canStart: false, canDeliver: true })], success: true } }),
      'POST /api/rider/failed': () => ({ json: { delivery: delivery({}), message: 'Back to the store', success: true } }),
    });
    renderStore('/rider');
    const card = await screen.findByRole('listitem');
    await userEvent.click(within(card).getByRole('button', { name: 'Could not deliver' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Wrong address' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/rider/failed')?.body).toEqual({ id: 'o1', reason: 'wrongAddress' }));
  });

  it('tells someone who is not a rider to sign in as one', async () => {
    serveApi({ 'GET /api/seller/session': () => ({ json: { seller: owner, success: true } }) });
    renderStore('/rider');
    expect(await screen.findByText(/This page is for the store’s riders/)).toBeInTheDocument();
  });
});

describe('the staff page', () => {
  it('adds a rider who signs in with a mobile number', async () => {
    const calls = serveApi({
      'GET /api/seller/session': () => ({ json: { seller: owner, success: true } }),
      'GET /api/seller/staff': () => ({ json: { staff: [owner], success: true } }),
      'POST /api/seller/staff': () => ({ json: { staff: rider, message: 'Staff added', success: true } }),
    });
    renderStore('/seller/staff');
    const form = await screen.findByRole('form', { name: 'Add a member of staff' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Bikash Rai');
    await userEvent.type(within(form).getByLabelText('Email or mobile number'), '9801234567');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'rider');
    await userEvent.type(within(form).getByLabelText('Password'), 'rider-password-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/seller/staff')?.body).toEqual({ name: 'Bikash Rai', role: 'rider', password: 'rider-password-1', phone: '9801234567' }),
    );
  });
});

describe('the seller area by role', () => {
  const packer = { _id: 'p1', email: 'hari@example.com', name: 'Hari Thapa', role: 'packer', reach: ['area', 'orders'] };

  it('starts a packer at the orders and shows them only their parts', async () => {
    serveApi({
      'GET /api/seller/session': () => ({ json: { seller: packer, success: true } }),
      'GET /api/order/seller': () => ({ json: { orders: [], hasMore: false, success: true } }),
    });
    renderStore('/seller');
    expect(await screen.findByRole('heading', { name: 'Orders List' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Seller menu' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Product List', 'Orders', 'Pack']);
    expect(screen.getByText('Hi! Hari Thapa')).toBeInTheDocument();
  });

  it('tells a packer who opens the settings that their role does not reach them', async () => {
    serveApi({ 'GET /api/seller/session': () => ({ json: { seller: packer, success: true } }) });
    renderStore('/seller/settings');
    expect(await screen.findByText('Your role in the store does not reach this page.')).toBeInTheDocument();
  });
});
