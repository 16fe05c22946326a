import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductCard from './ProductCard';
import LoginModal from './LoginModal';
import CartPage from '../pages/Cart';
import { useApp } from '../context';
import { renderApp, rice, serveApi } from '../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('ProductCard', () => {
  it('shows prices and saving, and turns Add into a quantity control', async () => {
    serveApi({});
    renderApp(<ProductCard product={rice} />);
    expect(screen.getByRole('link', { name: 'Jumla Red Rice' })).toHaveAttribute('href', '/products/grains/rice');
    expect(screen.getByText('Save $25.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Jumla Red Rice' }));
    const group = screen.getByRole('group', { name: 'Quantity of Jumla Red Rice' });
    expect(group).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Jumla Red Rice' }));
    expect(group).toHaveTextContent('2');
    expect(JSON.parse(localStorage.getItem('haat.guestCart')!)).toEqual({ rice: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Remove one Jumla Red Rice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove one Jumla Red Rice' }));
    expect(screen.getByRole('button', { name: 'Add Jumla Red Rice' })).toBeInTheDocument();
  });

  it('shows the currency symbol the server names', async () => {
    serveApi({ 'GET /api/config': () => ({ json: { success: true, currency: 'NPR', currencySymbol: 'Rs.' } }) });
    renderApp(<ProductCard product={rice} />);
    expect(await screen.findByText('Save Rs.25.00')).toBeInTheDocument();
    expect(screen.getByText('Rs.295')).toBeInTheDocument();
  });

  it('is not shown when out of stock', () => {
    serveApi({});
    renderApp(<ProductCard product={{ ...rice, inStock: false }} />);
    expect(screen.queryByRole('link', { name: 'Jumla Red Rice' })).not.toBeInTheDocument();
  });
});

function OpenLogin() {
  const { showLogin, user } = useApp();
  return (
    <>
      {showLogin ? <LoginModal /> : <p>closed</p>}
      {user && <p>signed in as {user.name}</p>}
    </>
  );
}

function LoginHarness() {
  const { setShowLogin } = useApp();
  return (
    <>
      <button type="button" onClick={() => setShowLogin(true)}>
        open
      </button>
      <OpenLogin />
    </>
  );
}

describe('LoginModal', () => {
  it('switches between login and sign-up', async () => {
    serveApi({});
    renderApp(<LoginHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog');
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create one here' }));
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in here' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('shows the server message on failure and merges the guest cart on success', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 2 }));
    let attempts = 0;
    const calls = serveApi({
      'POST /api/user/login': () =>
        ++attempts === 1
          ? { status: 401, json: { success: false, message: 'Invalid email or password' } }
          : { json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: { rice: 1 } } } },
      'POST /api/cart/update': () => ({ json: { success: true, message: 'Cart Updated' } }),
    });
    renderApp(<LoginHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.type(screen.getByLabelText('Email'), 's@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('signed in as Sita')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/cart/update')?.body).toEqual({ cartItems: { rice: 3 } }));
    expect(localStorage.getItem('haat.guestCart')).toBeNull();
  });
});

describe('Cart page', () => {
  it('disables the order button while the cart is empty', async () => {
    serveApi({});
    renderApp(<CartPage />, '/cart');
    expect(await screen.findAllByText('No Items Found')).not.toHaveLength(0);
    for (const b of screen.getAllByRole('button', { name: 'Place Order' })) expect(b).toBeDisabled();
  });

  it('names the button after the payment method and shows the server total', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 2 }));
    serveApi({});
    renderApp(<CartPage />, '/cart');
    expect(await screen.findByText('Jumla Red Rice')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$601.80');
    expect(screen.getAllByRole('button', { name: 'Place Order' })[0]).toBeEnabled();
    await userEvent.selectOptions(screen.getByLabelText('Payment Method'), 'Online');
    expect(screen.getAllByRole('button', { name: 'Proceed To CheckOut' })[0]).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('asks for an address before placing an order', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
    serveApi({
      'GET /api/user/is-auth': () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: {} } } }),
      'GET /api/address/get': () => ({ json: { success: true, addresses: [] } }),
      'POST /api/cart/update': () => ({ json: { success: true } }),
    });
    renderApp(<CartPage />, '/cart');
    expect(await screen.findByText('Jumla Red Rice')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No address found')).toBeInTheDocument());
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]);
    expect(await screen.findByText('Please Select An Address')).toBeInTheDocument();
  });
});

describe('cart sync', () => {
  it('leaves out products the store no longer has', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1, gone: 2 }));
    const calls = serveApi({
      'GET /api/user/is-auth': () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: {} } } }),
      'POST /api/cart/update': () => ({ json: { success: true } }),
    });
    function AddOne() {
      const { addToCart, user, products } = useApp();
      return user && products.length ? <button onClick={() => addToCart('rice')}>add</button> : null;
    }
    renderApp(<AddOne />);
    await userEvent.click(await screen.findByRole('button', { name: 'add' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/cart/update').at(-1)?.body).toEqual({ cartItems: { rice: 2 } }));
  });
});
