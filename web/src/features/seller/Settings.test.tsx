import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example' }, success: true } }) };
const saveDelivery = () => within(screen.getByRole('region', { name: 'Delivery' })).getByRole('button', { name: 'Save' });
const npr = { 'GET /api/config': () => ({ json: { success: true, currency: 'NPR', currencySymbol: 'Rs.', paymentMethods: [] } }) };

describe('store settings', () => {
  it('sets delivery rules: the valley, a fee, free delivery from a value and a minimum', async () => {
    const calls = serveApi({
      ...seller,
      ...npr,
      'POST /api/seller/settings': (body) => ({ json: { success: true, message: 'Settings saved', settings: body } }),
    });
    renderStore('/seller/settings');
    const on = await screen.findByRole('checkbox', { name: 'Set delivery rules' });
    expect(on).not.toBeChecked();
    expect(screen.getByText(/Without rules, delivery is free everywhere/)).toBeInTheDocument();
    await userEvent.click(on);
    // A store setting rules starts from the Kathmandu Valley.
    expect(screen.getByRole('checkbox', { name: 'Lalitpur' })).toBeChecked();
    expect(screen.getByText('3 districts chosen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Kaski' }));
    await userEvent.clear(screen.getByLabelText('Delivery fee (Rs.)'));
    await userEvent.type(screen.getByLabelText('Delivery fee (Rs.)'), '75');
    await userEvent.clear(screen.getByLabelText('Free delivery from (Rs.)'));
    await userEvent.type(screen.getByLabelText('Free delivery from (Rs.)'), '1000');
    await userEvent.clear(screen.getByLabelText('Minimum order value (Rs.)'));
    await userEvent.type(screen.getByLabelText('Minimum order value (Rs.)'), 'lots');
    await userEvent.click(saveDelivery());
    expect(await screen.findByText('Minimum order value must be an amount of 0 or more')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/seller/settings')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Minimum order value (Rs.)'));
    await userEvent.type(screen.getByLabelText('Minimum order value (Rs.)'), '500');
    await userEvent.click(saveDelivery());
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/settings')?.body).toEqual({
      delivery: { districts: ['Bhaktapur', 'Kathmandu', 'Lalitpur', 'Kaski'], fee: 75, freeFrom: 1000, minimumOrder: 500 },
    });
  });

  it('switches the rules off, and shows the server refusing a change', async () => {
    let saves = 0;
    const calls = serveApi({
      ...seller,
      ...npr,
      'GET /api/settings': () => ({ json: { success: true, settings: { delivery: { districts: ['Kathmandu'], fee: 75, freeFrom: 1000, minimumOrder: 0 }, invoice: null } } }),
      'POST /api/seller/settings': (body) =>
        ++saves === 1 ? { status: 400, json: { success: false, message: 'Something is off' } } : { json: { success: true, message: 'Settings saved', settings: body } },
    });
    renderStore('/seller/settings');
    expect(await screen.findByLabelText('Delivery fee (Rs.)')).toHaveValue('75');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Set delivery rules' }));
    await userEvent.click(saveDelivery());
    expect(await screen.findByText('Something is off')).toBeInTheDocument();
    await userEvent.click(saveDelivery());
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/seller/settings')).toHaveLength(2));
    expect(calls.filter((c) => c.key === 'POST /api/seller/settings')[1]?.body).toEqual({ delivery: null });
  });

  it('chooses Nepal VAT, and says how many products are exempt', async () => {
    const calls = serveApi({
      ...seller,
      ...npr,
      'GET /api/seller/products': () => ({ json: { success: true, products: [{ ...rice, vatExempt: true }, { ...rice, _id: 'tea', name: 'Tea' }] } }),
      'POST /api/seller/settings': (body) => ({ json: { success: true, message: 'Settings saved', settings: { delivery: null, ...(body as object) } } }),
    });
    renderStore('/seller/settings');
    const tax = await screen.findByRole('region', { name: 'Tax' });
    expect(within(tax).getByRole('radio', { name: /2% tax added to every order/ })).toBeChecked();
    await userEvent.click(within(tax).getByRole('radio', { name: /Nepal VAT \(13%\), included in prices/ }));
    expect(await within(tax).findByText('1 product is marked VAT-exempt. Mark or unmark each one on its edit page.')).toBeInTheDocument();
    await userEvent.click(within(tax).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/settings')?.body).toEqual({ taxRule: 'vat' });
  });
});
