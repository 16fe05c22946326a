import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';
import { sellerShelf } from '../../test/sellerShelf';
import type { Coupon } from '../../lib/contract';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const config = { 'GET /api/config': () => ({ json: { success: true, currency: 'USD', currencySymbol: '$', paymentMethods: [], timeZone: 'Asia/Kathmandu' } }) };
const saved: Coupon = {
  _id: 'c1', code: 'DASHAIN10', kind: 'percent', value: 10, minimumOrder: 500, startsAt: '2026-09-30T18:15:00Z', endsAt: '2026-10-05T18:15:00Z',
  startsBs: { year: 2083, month: 6, day: 15 }, lastBs: { year: 2083, month: 6, day: 19 }, totalUses: 100, usesPerShopper: 1, firstOrderOnly: false,
  categories: [], products: [], active: true, used: 3, given: 177, createdAt: '2026-09-20T10:00:00Z', updatedAt: '2026-09-20T10:00:00Z',
};

describe('coupons', () => {
  it('lists the codes with their rules, days in BS and AD and uses, and saves a new one as the owner typed it', async () => {
    let answered = false;
    const calls = serveApi({
      ...seller,
      ...config,
      'GET /api/seller/coupons': () => ({ json: { success: true, coupons: [saved] } }),
      'GET /api/seller/products': sellerShelf(() => [rice]),
      'POST /api/seller/coupon': () => {
        if (!answered) {
          answered = true;
          return { status: 400, json: { success: false, message: 'A coupon ends after it starts' } };
        }
        return { json: { success: true, message: 'Coupon saved', coupon: { ...saved, _id: 'c2', code: 'TIHAR' } } };
      },
    });
    renderStore('/seller/coupons');
    const row = await screen.findByTestId('coupon-DASHAIN10');
    expect(row).toHaveTextContent('10% off');
    expect(row).toHaveTextContent('from 2083 Asoj 15 (2026-10-01)');
    expect(row).toHaveTextContent('until 2083 Asoj 19 (2026-10-05)');
    expect(within(row).getByTestId('coupon-used')).toHaveTextContent('Used 3 of 100 · $177 given');

    const form = screen.getByRole('form', { name: 'New coupon' });
    await userEvent.type(within(form).getByLabelText('Code'), 'tihar');
    await userEvent.selectOptions(within(form).getByLabelText('Gives'), 'amount');
    await userEvent.type(within(form).getByLabelText('Amount off'), '५०');
    await userEvent.type(within(form).getByLabelText('Uses in all (empty: no limit)'), '१००');
    await userEvent.type(within(form).getByLabelText('Find a product'), 'jumla');
    await userEvent.click(await within(form).findByRole('button', { name: `+ ${rice.name}` }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    // What the server refuses is said under the form, and the form keeps what was typed.
    expect(await within(form).findByRole('alert')).toHaveTextContent('A coupon ends after it starts');
    expect(calls.filter((c) => c.key === 'POST /api/seller/coupon')[0]?.body).toMatchObject({ code: 'TIHAR', kind: 'amount', value: '50', totalUses: 100, products: [rice._id], startsAt: null, endsAt: null });
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByRole('form', { name: 'New coupon' })).getByLabelText('Code')).toHaveValue(''));
  });
});
