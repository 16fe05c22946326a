import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const signedIn = () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: {} } } });
const saved = (body: unknown) => ({ json: { success: true, message: 'Address Added', address: { ...(body as { address: object }).address, _id: 'a9' } } });
const rupees = () => ({ json: { success: true, currency: 'NPR', currencySymbol: 'Rs.' } });

describe('adding an address in Nepal', () => {
  it('asks for province, district, municipality, ward, tole and landmark, with zip code and email optional', async () => {
    const calls = serveApi({ 'GET /api/config': rupees, 'GET /api/user/session': signedIn, 'POST /api/address/add': saved });
    renderStore('/add-address');
    // A store selling in rupees starts with the Nepal form.
    expect(await screen.findByRole('radio', { name: 'In Nepal' })).toBeChecked();
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Zip code (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Email address (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Landmark (optional)')).not.toBeRequired();
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription('10 digits starting with 98 or 97');

    const district = screen.getByLabelText('District');
    expect(district).toBeDisabled();
    const province = screen.getByLabelText('Province');
    expect(within(province).getAllByRole('option')).toHaveLength(8); // the 7 and "Choose a province"
    await userEvent.selectOptions(province, 'Gandaki');
    await userEvent.selectOptions(district, 'Kaski');
    // Another province leaves no district of the first chosen, and offers its own only.
    await userEvent.selectOptions(province, 'Bagmati');
    expect(district).toHaveValue('');
    const offered = within(district).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toHaveLength(14);
    expect(offered).toContain('Lalitpur');
    expect(offered).not.toContain('Kaski');
    await userEvent.selectOptions(district, 'Lalitpur');

    for (const [label, value] of [['First Name', 'Sita'], ['Last Name', 'Gurung'], ['Mobile number', '984-123-4567'], ['Municipality', 'Lalitpur Metropolitan City'],
      ['Ward No.', '3'], ['Tole / Street', 'Jhamsikhel'], ['Landmark (optional)', 'opposite Bhatbhateni, blue gate']] as const)
      await userEvent.type(screen.getByLabelText(label), value);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/address/add')).toBeDefined());
    expect(calls.find((c) => c.key === 'POST /api/address/add')?.body).toEqual({
      address: {
        firstName: 'Sita', lastName: 'Gurung', email: '', street: 'Jhamsikhel', city: 'Lalitpur Metropolitan City', state: 'Bagmati', zipcode: '',
        country: 'Nepal', phone: '984-123-4567', district: 'Lalitpur', ward: 3, landmark: 'opposite Bhatbhateni, blue gate',
      },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cart'));
  });

  it('keeps the spec form, with its ten fields, for another country and in a dollar store', async () => {
    const calls = serveApi({ 'GET /api/user/session': signedIn, 'POST /api/address/add': saved });
    renderStore('/add-address');
    expect(await screen.findByRole('radio', { name: 'Outside Nepal' })).toBeChecked();
    expect(screen.queryByLabelText('Province')).not.toBeInTheDocument();
    for (const [label, value] of [['First Name', 'Sita'], ['Last Name', 'Gurung'], ['Email address', 's@example.com'], ['Street', 'Baneshwor 3'], ['City', 'Kathmandu'],
      ['State', 'Bagmati'], ['Zip code', '44600'], ['Country', 'Nepal'], ['Phone', '9811111111']] as const) {
      expect(screen.getByLabelText(label)).toBeRequired();
      await userEvent.type(screen.getByLabelText(label), value);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/address/add')).toBeDefined());
    expect(calls.find((c) => c.key === 'POST /api/address/add')?.body).toEqual({
      address: { firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Baneshwor 3', city: 'Kathmandu', state: 'Bagmati', zipcode: '44600', country: 'Nepal', phone: '9811111111' },
    });
  });

  it('switches to the Nepal form on request', async () => {
    serveApi({ 'GET /api/user/session': signedIn });
    renderStore('/add-address');
    await userEvent.click(await screen.findByRole('radio', { name: 'In Nepal' }));
    expect(screen.getByLabelText('Province')).toBeRequired();
    expect(screen.getByLabelText('Ward No.')).toBeRequired();
    expect(screen.queryByLabelText('Country')).not.toBeInTheDocument();
  });
});
