import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bill, catalogue, renderStore, rice, serveApi } from '../test/render';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const sita = { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: {} };
const signedIn = () => ({ json: { success: true, user: sita } });
const location = () => screen.getByTestId('location');

describe('session', () => {
  it('stays quiet when nobody is signed in', async () => {
    const calls = serveApi({});
    renderStore('/home');
    expect(await screen.findByRole('heading', { name: 'Best Sellers' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/seller/session')).toBe(true));
    expect(screen.queryByText('Failed to load user data')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('says so when the session cannot be checked', async () => {
    serveApi({ 'GET /api/user/session': () => ({ status: 500, json: { success: false, message: 'Something went wrong' } }) });
    renderStore('/home');
    expect(await screen.findByText('Failed to load user data')).toBeInTheDocument();
  });

  it('logs out with the server message and goes home', async () => {
    serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/user/logout': () => ({ json: { success: true, message: 'Logged Out' } }),
    });
    renderStore('/contact');
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/my-orders');
    expect(screen.getByRole('menuitem', { name: 'Sell Products' })).toHaveAttribute('href', '/seller');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/home'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('navigation bar', () => {
  it('sends a search to the product list and filters by name', async () => {
    serveApi({
      ...catalogue([rice, { ...rice, _id: 'noodles', name: 'Wai Wai Noodles', category: 'Instant' }]),
    });
    renderStore('/contact');
    await userEvent.type(screen.getByPlaceholderText('Search products...'), 'NOODLES');
    await waitFor(() => expect(location()).toHaveTextContent('/products'));
    // The search is asked once the typing pauses: then only the match is listed.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jumla Red Rice' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Wai Wai Noodles' })).toBeInTheDocument();
  });

  it('asks the server when the typing pauses, not once per letter', async () => {
    const calls = serveApi({
      ...catalogue([rice, { ...rice, _id: 'noodles', name: 'Wai Wai Noodles', category: 'Instant' }]),
    });
    renderStore('/products');
    expect(await screen.findByRole('link', { name: 'Jumla Red Rice' })).toBeInTheDocument();
    // Typed without a pause between the letters, however slow the machine running the test.
    await userEvent.setup({ delay: null }).type(screen.getByPlaceholderText('Search products...'), 'NOODLES');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jumla Red Rice' })).not.toBeInTheDocument());
    const searched = calls.map((c) => new URLSearchParams(c.key.split('?')[1] ?? '').get('q')).filter(Boolean);
    expect(searched).toEqual(['NOODLES']);
  });

  it('is hidden on the landing page and the seller area, and the footer on the seller area', async () => {
    serveApi({});
    const { unmount } = renderStore('/');
    expect(await screen.findByRole('link', { name: 'Start Shopping' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    unmount();
    renderStore('/seller');
    expect(await screen.findByRole('heading', { name: 'Seller Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

describe('product page', () => {
  it('shows the product and buys it now', async () => {
    const gallery = { ...rice, image: ['/media/catalogue/jumla-rice.webp', '/media/catalogue/basmati.webp'] };
    const other = { ...rice, _id: 'atta', name: 'Chakki Atta' };
    const gone = { ...rice, _id: 'gone', name: 'Old Rice', inStock: false };
    const calls = serveApi({ ...catalogue([gallery, other, gone]) });
    renderStore('/products/grains/rice');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jumla Red Rice' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Home / Products / Grains / Jumla Red Rice');
    expect(screen.getByRole('button', { name: 'Show image 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show image 2' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('(inclusive of all taxes)')).toBeInTheDocument();
    // Related: the others of the category in stock, asked for as one page; not the product itself.
    expect(await screen.findByRole('link', { name: 'Chakki Atta' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Old Rice' })).not.toBeInTheDocument();
    expect(screen.queryAllByRole('link', { name: 'Jumla Red Rice' })).toHaveLength(0);
    expect(calls.map((c) => c.key)).toEqual(expect.arrayContaining(['GET /api/product/get?id=rice', 'GET /api/product/search?category=Grains&limit=11']));
    expect(calls.some((c) => c.key.startsWith('GET /api/product/list'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => expect(location()).toHaveTextContent('/cart'));
    expect(screen.getByRole('button', { name: 'Cart, 1 item' })).toBeInTheDocument();
  });
});

describe('checkout', () => {
  it('asks a guest to sign in, not for an address', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
    const calls = serveApi({});
    renderStore('/cart');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Place Order' }))[0]!);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Please Select An Address')).not.toBeInTheDocument();
    expect(calls.some((c) => c.key.includes('/api/address') || c.key.includes('/api/order'))).toBe(false);
  });

  it('places a cash order, empties the cart and shows the orders', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 2 }));
    const address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
    let ordered = false;
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'POST /api/cart/update': () => ({ json: { success: true, message: 'Cart Updated' } }),
      'GET /api/address/get': () => ({ json: { success: true, addresses: [address] } }),
      'POST /api/order/cod': () => {
        ordered = true;
        return { json: { success: true, message: 'Order Placed Successfully' } };
      },
      'GET /api/order/user': () => ({
        json: {
          success: true,
          orders: ordered
            ? [{ _id: 'o1', items: [{ product: rice, quantity: 2 }], address, amount: 601.8, bill: bill({ lines: [590], subtotal: 590, taxable: 590, tax: 11.8, total: 601.8 }), paymentType: 'COD', status: 'Order Placed', isPaid: false, createdAt: '2026-11-22T10:05:00Z', events: [] }]
            : [],
        },
      }),
    });
    renderStore('/cart');
    expect(await screen.findByText('Lakeside 4, Pokhara, Gandaki, Nepal')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$601.80'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    expect(await screen.findByText('Order Placed Successfully')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/my-orders'));
    expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).toEqual({ items: [{ product: 'rice', quantity: 2 }], address: 'a1' });
    expect(await screen.findByTestId('order-amount')).toHaveTextContent('$601.80');
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('shows the server message when online payment is refused', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
    serveApi({
      'GET /api/user/session': signedIn,
      'POST /api/cart/update': () => ({ json: { success: true } }),
      'GET /api/address/get': () => ({ json: { success: true, addresses: [{ _id: 'a1', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', country: 'Nepal' }] } }),
      'POST /api/order/stripe': () => ({ status: 400, json: { success: false, message: 'Online payment is not available' } }),
    });
    renderStore('/cart');
    await screen.findByText('Lakeside 4, Pokhara, Gandaki, Nepal');
    await userEvent.selectOptions(screen.getByLabelText('Payment Method'), 'Online');
    await userEvent.click(screen.getAllByRole('button', { name: 'Proceed To CheckOut' })[0]!);
    expect(await screen.findByText('Online payment is not available')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/cart');
  });

  it('offers the configured payment methods and sends the chosen one', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
    const calls = serveApi({
      'GET /api/config': () => ({
        json: { success: true, currency: 'NPR', currencySymbol: 'Rs.', paymentMethods: [{ id: 'esewa', label: 'eSewa' }, { id: 'khalti', label: 'Khalti' }] },
      }),
      'GET /api/user/session': signedIn,
      'POST /api/cart/update': () => ({ json: { success: true } }),
      'GET /api/address/get': () => ({ json: { success: true, addresses: [{ _id: 'a1', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', country: 'Nepal' }] } }),
      'POST /api/order/stripe': () => ({ status: 503, json: { success: false, message: 'The payment provider is not answering. Please try again or choose another method.' } }),
    });
    renderStore('/cart');
    await screen.findByText('Lakeside 4, Pokhara, Gandaki, Nepal');
    expect(screen.queryByRole('radio', { name: 'eSewa' })).not.toBeInTheDocument(); // cash: no methods shown
    await userEvent.selectOptions(screen.getByLabelText('Payment Method'), 'Online');
    expect(screen.getByRole('radio', { name: 'eSewa' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Khalti' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Proceed To CheckOut' })[0]!);
    expect(await screen.findByText('The payment provider is not answering. Please try again or choose another method.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/order/stripe')?.body).toEqual({ items: [{ product: 'rice', quantity: 1 }], address: 'a1', method: 'khalti' });
  });

  it('sends a guest from the address form back to the cart', async () => {
    serveApi({});
    renderStore('/add-address');
    expect(await screen.findByText('You Need To Sign In To Change The Address')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/cart'));
    expect(await screen.findByText('No Items Found')).toBeInTheDocument();
  });

  it('saves an address and returns to the cart', async () => {
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/address/get': () => ({ json: { success: true, addresses: [] } }),
      'POST /api/address/add': () => ({ json: { success: true, message: 'Address Added' } }),
    });
    renderStore('/add-address');
    await screen.findByRole('button', { name: 'Account menu' });
    const fields: [string, string][] = [
      ['First Name', 'Sita'], ['Last Name', 'Gurung'], ['Email address', 's@example.com'], ['Street', 'Lakeside 4'],
      ['City', 'Pokhara'], ['State', 'Gandaki'], ['Zip code', '33700'], ['Country', 'Nepal'], ['Phone', '9811111111'],
    ];
    for (const [label, value] of fields) await userEvent.type(screen.getByLabelText(label), value);
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Address Added')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/cart'));
    expect(calls.find((c) => c.key === 'POST /api/address/add')?.body).toEqual({
      address: { firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' },
    });
  });
});
