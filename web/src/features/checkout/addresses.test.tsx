import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';
import type { Address } from '../../lib/contract';

// Pages load as separate chunks; on a busy machine the first render takes longer than a second.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => vi.unstubAllGlobals());

const sita = { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: { rice: 1 }, cartVersion: 1 };
const address = (id: string, street: string): Address => ({ _id: id, firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street, city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' });
const location = () => screen.getByTestId('location');
const query = () => screen.getByTestId('query');
const line = (street: string) => `${street}, Pokhara, Gandaki, Nepal`;

/** book serves a shopper's addresses as the server keeps them: edits, deletes and the default change what the list answers. */
function book(addresses: Address[], defaultId?: string) {
  let chosen = defaultId;
  const list = () => ({ json: { success: true, addresses, defaultId: chosen ?? addresses[0]?._id } });
  return {
    'GET /api/user/session': () => ({ json: { success: true, user: sita } }),
    'GET /api/address/get': list,
    'POST /api/address/update': (body: unknown) => {
      const { id, address: a } = body as { id: string; address: Omit<Address, '_id'> };
      const i = addresses.findIndex((x) => x._id === id);
      if (i < 0) return { status: 404, json: { success: false, message: 'Address not found' } };
      addresses[i] = { ...a, _id: id };
      return { json: { success: true, message: 'Address Updated', address: addresses[i] } };
    },
    'POST /api/address/delete': (body: unknown) => {
      const { id } = body as { id: string };
      const i = addresses.findIndex((x) => x._id === id);
      if (i < 0) return { status: 404, json: { success: false, message: 'Address not found' } };
      addresses.splice(i, 1);
      if (chosen === id) chosen = undefined;
      return { json: { success: true, message: 'Address Deleted' } };
    },
    'POST /api/address/default': (body: unknown) => {
      chosen = (body as { id: string }).id;
      return { json: { success: true, message: 'Default Address Saved' } };
    },
  };
}

/** openPicker opens the cart's list of addresses and returns the row of the address on street. */
async function row(street: string) {
  if (!screen.queryByTestId('address-list')) await userEvent.click(screen.getByRole('button', { name: 'Change' }));
  const button = await within(screen.getByTestId('address-list')).findByRole('button', { name: new RegExp(`^${line(street)}`) });
  return button.closest('li')!;
}

describe("the cart's saved addresses", () => {
  it('preselects the default address and marks it', async () => {
    serveApi(book([address('a1', 'Lakeside 4'), address('a2', 'Thamel 12')], 'a2'));
    renderStore('/cart');
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Thamel 12')));
    expect(within(await row('Thamel 12')).getByText('Default')).toBeInTheDocument();
    expect(within(await row('Lakeside 4')).queryByText('Default')).not.toBeInTheDocument();
    // The default has no Make default of its own.
    expect(within(await row('Thamel 12')).queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
  });

  it('makes another address the default, and chooses it', async () => {
    const calls = serveApi(book([address('a1', 'Lakeside 4'), address('a2', 'Thamel 12')]));
    renderStore('/cart');
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Lakeside 4')));
    await userEvent.click(within(await row('Thamel 12')).getByRole('button', { name: 'Make default' }));
    expect(await screen.findByText('Default Address Saved')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/address/default')?.body).toEqual({ id: 'a2' });
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Thamel 12')));
    expect(within(await row('Thamel 12')).getByText('Default')).toBeInTheDocument();
  });

  it('edits an address in the address form and comes back to the cart', async () => {
    const calls = serveApi(book([address('a1', 'Lakeside 4'), address('a2', 'Thamel 12')]));
    renderStore('/cart');
    await userEvent.click(within(await row('Thamel 12')).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(location()).toHaveTextContent('/add-address'));
    expect(query()).toHaveTextContent('?edit=a2');
    expect(await screen.findByRole('heading', { name: 'Edit Shipping Address' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('Thamel 12'));
    expect(screen.getByLabelText('First Name')).toHaveValue('Sita');
    await userEvent.clear(screen.getByLabelText('Street'));
    await userEvent.type(screen.getByLabelText('Street'), 'Thamel 14');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/cart$/));
    expect(calls.find((c) => c.key === 'POST /api/address/update')?.body).toEqual({ id: 'a2', address: { ...address('a2', 'Thamel 14'), _id: undefined } });
    expect(await within(await row('Thamel 14')).findByRole('button', { name: 'Edit' })).toBeInTheDocument();
    // The address kept its place: still the second, not chosen.
    expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Lakeside 4'));
  });

  it('asks before deleting an address, and falls back to the default when the chosen one goes', async () => {
    localStorage.setItem('haat.checkout.u1', JSON.stringify({ addressId: 'a2' }));
    const calls = serveApi(book([address('a1', 'Lakeside 4'), address('a2', 'Thamel 12')]));
    renderStore('/cart');
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Thamel 12')));
    await userEvent.click(within(await row('Thamel 12')).getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Delete this address?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No, keep' }));
    expect(screen.queryByText('Delete this address?')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/address/delete')).toBe(false);

    await userEvent.click(within(await row('Thamel 12')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Address Deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/address/delete')?.body).toEqual({ id: 'a2' });
    await waitFor(() => expect(within(screen.getByTestId('address-list')).queryByText(line('Thamel 12'))).not.toBeInTheDocument());
    expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Lakeside 4'));
  });

  it('shows an address deleted in another tab as gone: the cart chooses the default, the form sends back to the cart', async () => {
    localStorage.setItem('haat.checkout.u1', JSON.stringify({ addressId: 'gone' }));
    serveApi(book([address('a1', 'Lakeside 4'), address('a2', 'Thamel 12')], 'a2'));
    const cart = renderStore('/cart');
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Thamel 12')));
    cart.unmount();
    renderStore('/add-address?edit=gone');
    expect(await screen.findByText('This address is no longer saved')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/cart$/));
  });

  it('loads the addresses again when the tab comes back, and chooses the default for one deleted meanwhile', async () => {
    localStorage.setItem('haat.checkout.u1', JSON.stringify({ addressId: 'a2' }));
    const addresses = [address('a1', 'Lakeside 4'), address('a2', 'Thamel 12')];
    serveApi(book(addresses));
    renderStore('/cart');
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Thamel 12')));
    addresses.splice(1, 1); // deleted in another tab
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Lakeside 4')));
    act(() => focusManager.setFocused(undefined));
  });

  it('says why the server refuses an edit, and stays on the form', async () => {
    serveApi({
      ...book([address('a1', 'Lakeside 4')]),
      'POST /api/address/update': () => ({ status: 400, json: { success: false, message: 'Zip code must be a number' } }),
    });
    renderStore('/add-address?edit=a1');
    await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('Lakeside 4'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Zip code must be a number')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/add-address');
    expect(query()).toHaveTextContent('?edit=a1');
  });
});

describe('signing in from a page that asked', () => {
  const signIn = () => {
    let user: (Omit<typeof sita, 'cartItems'> & { cartItems: Record<string, number> }) | null = null;
    return {
      'GET /api/user/session': () => ({ json: { success: true, user } }),
      'POST /api/user/login': () => {
        user = { ...sita, cartItems: {} };
        return { json: { success: true, user } };
      },
      'POST /api/cart/update': () => ({ json: { success: true, message: 'Cart Updated', cartVersion: 2 } }),
      'GET /api/address/get': () => ({ json: { success: true, addresses: [address('a1', 'Lakeside 4')], defaultId: 'a1' } }),
    };
  };

  async function fillIn() {
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Email'), 's@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
  }

  it("a guest's Place Order asks to sign in, then comes back to the cart, kept", async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 2 }));
    const calls = serveApi(signIn());
    renderStore('/cart');
    expect(await screen.findByText('Jumla Red Rice')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Please Select An Address')).not.toBeInTheDocument();
    await fillIn();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toHaveTextContent(/^\/cart$/);
    await waitFor(() => expect(screen.getByTestId('selected-address')).toHaveTextContent(line('Lakeside 4')));
    expect(screen.getByText('Jumla Red Rice')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/cart/update')?.body).toMatchObject({ cartItems: { rice: 2 } }));
    expect(calls.some((c) => c.key.startsWith('POST /api/order/'))).toBe(false);
  });

  it('comes back to the page with its query', async () => {
    serveApi(signIn());
    renderStore('/my-orders?from=mail');
    await userEvent.click(await within(screen.getByRole('main')).findByRole('button', { name: 'Login' }));
    await fillIn();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toHaveTextContent(/^\/my-orders$/);
    expect(query()).toHaveTextContent('?from=mail');
  });

  it("goes to /home from the navigation bar's Login, as the spec says", async () => {
    serveApi(signIn());
    renderStore('/cart');
    await userEvent.click(within(await screen.findByRole('navigation')).getAllByRole('button', { name: 'Login' })[0]!);
    await fillIn();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/home$/));
  });
});
