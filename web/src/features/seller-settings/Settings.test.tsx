import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';
import { sellerShelf } from '../../test/sellerShelf';
import { demoSettings } from '../../test/demo';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
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
      'GET /api/seller/products': sellerShelf(() => [{ ...rice, vatExempt: true }, { ...rice, _id: 'tea', name: 'Tea' }]),
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

describe('items not there at packing', () => {
  it('chooses what the packer does when the shopper chose nothing', async () => {
    const calls = serveApi({
      ...seller,
      'POST /api/seller/settings': (body) => ({ json: { success: true, message: 'Settings saved', settings: { ...demoSettings, ...(body as object) } } }),
    });
    renderStore('/seller/settings');
    const section = await screen.findByRole('region', { name: 'Items not there at packing' });
    expect(within(section).getByRole('radio', { name: /A similar item, at no higher price/ })).toBeChecked();
    await userEvent.click(within(section).getByRole('radio', { name: /Leave it out/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/settings')?.body).toEqual({ substitute: 'none' });
  });
});

describe("the store's identity", () => {
  it('renames the store, removes a selling point and sets the legal details, each section on its own', async () => {
    const calls = serveApi({
      ...seller,
      'POST /api/seller/settings': (body) => ({ json: { success: true, message: 'Settings saved', settings: { ...demoSettings, ...(body as object) } } }),
    });
    renderStore('/seller/settings');
    const store = within(await screen.findByRole('region', { name: 'Store' }));
    expect(store.getByLabelText('Store name')).toHaveValue('Haat');
    await userEvent.clear(store.getByLabelText('Store name'));
    await userEvent.type(store.getByLabelText('Store name'), 'Lele Greens');
    await userEvent.click(store.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const saved = () => calls.filter((c) => c.key === 'POST /api/seller/settings').map((c) => c.body as Record<string, { name?: string; claims?: unknown[] }>);
    expect(saved()[0]?.store?.name).toBe('Lele Greens');

    const claims = within(screen.getByRole('region', { name: 'Selling points' }));
    await userEvent.click(claims.getByRole('button', { name: 'Remove selling point 1' }));
    await userEvent.click(claims.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(2));
    const sent = saved()[1]?.store?.claims as { title: string }[];
    expect(sent).toHaveLength(demoSettings.store.claims.length - 1);
    expect(sent.map((c) => c.title)).not.toContain('Same-day delivery');

    const legal = within(screen.getByRole('region', { name: 'Legal details' }));
    await userEvent.type(legal.getByLabelText('Registration number'), '123456/079/080');
    await userEvent.type(legal.getByLabelText("Officer's name"), 'Sita Maharjan');
    await userEvent.click(legal.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(3));
    expect(saved()[2]).toEqual({ legal: { registrationNo: '123456/079/080', docscpListing: '', grievanceOfficer: { name: 'Sita Maharjan', phone: '', email: '' } } });
  });

  it("shows the server's reason when it refuses a field", async () => {
    serveApi({
      ...seller,
      'POST /api/seller/settings': () => ({ status: 400, json: { success: false, message: 'Please enter a valid e-mail address for the store' } }),
    });
    renderStore('/seller/settings');
    const store = within(await screen.findByRole('region', { name: 'Store' }));
    await userEvent.click(store.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid e-mail address for the store')).toBeInTheDocument();
  });
});

describe('search words', () => {
  it('edits the words the search counts as the same, one group a line, and shows them as saved', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/seller/synonyms': () => ({ json: { success: true, synonyms: ['kukhura, chicken', 'chamal, rice'] } }),
      'POST /api/seller/synonyms': () => ({ json: { success: true, message: 'Search words saved', synonyms: ['kukhura, chicken', 'khaja, snack'] } }),
    });
    renderStore('/seller/settings');
    const section = await screen.findByRole('region', { name: 'Search words' });
    const box = await within(section).findByLabelText('One group a line, words separated by commas');
    expect(box).toHaveValue('kukhura, chicken\nchamal, rice');
    await userEvent.clear(box);
    await userEvent.type(box, 'kukhura, chicken{enter}Khaja ,snack');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Search words saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/synonyms')?.body).toEqual({ synonyms: ['kukhura, chicken', 'Khaja ,snack'] });
    // The box shows the words as the server wrote them.
    await waitFor(() => expect(box).toHaveValue('kukhura, chicken\nkhaja, snack'));
  });
});
