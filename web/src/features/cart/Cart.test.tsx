import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CartPage from './Cart';
import { useUser } from '../account';
import { useCartStore } from './api';
import { catalogue, quote, renderApp, rice, serveApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

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
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$601.80'));
    expect(screen.getAllByRole('button', { name: 'Place Order' })[0]).toBeEnabled();
    await userEvent.selectOptions(screen.getByLabelText('Payment Method'), 'Online');
    expect(screen.getAllByRole('button', { name: 'Proceed To CheckOut' })[0]).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Place Order' })).not.toBeInTheDocument();
  });

  it('brings a quantity down to the units left and says so', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 5 }));
    serveApi({ ...catalogue([{ ...rice, stock: 3 }]) });
    renderApp(<CartPage />, '/cart');
    expect(await screen.findByText('Only 3 left of Jumla Red Rice: your cart now holds 3 instead of 5')).toBeInTheDocument();
    const quantity = screen.getByLabelText('Quantity of Jumla Red Rice');
    expect(quantity).toHaveValue('3');
    expect(within(quantity).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('haat.guestCart') ?? '{}')).toEqual({ rice: 3 });
  });

  it('shows goods sold by weight by their weight, at about the quoted amount', async () => {
    const tomatoes = { ...rice, _id: 'tomatoes', name: 'Local Tomatoes', category: 'Vegetables' as const, price: 200, offerPrice: 180, soldBy: 'weight' as const, step: 250, weight: '' };
    localStorage.setItem('haat.guestCart', JSON.stringify({ tomatoes: 3 }));
    serveApi({
      ...catalogue([tomatoes]),
      'POST /api/cart/quote': () => ({ json: { success: true, quote: quote({ lines: [{ product: 'tomatoes', quantity: 3, amount: 135 }], subtotal: 135, tax: 2.7, total: 137.7 }) } }),
    });
    renderApp(<CartPage />, '/cart');
    const weight = await screen.findByLabelText('Weight of Local Tomatoes');
    expect(weight).toHaveValue('3');
    expect(within(weight).getByRole('option', { selected: true })).toHaveTextContent('750 g');
    expect(within(weight).getAllByRole('option')[3]).toHaveTextContent('1 kg');
    expect(screen.getByText('$180/kg')).toBeInTheDocument();
    expect((await screen.findAllByText('about $135 for 750 g')).length).toBeGreaterThan(0);
    await userEvent.selectOptions(weight, '4');
    expect(JSON.parse(localStorage.getItem('haat.guestCart') ?? '{}')).toEqual({ tomatoes: 4 });
  });

  it('asks what to do if an item is not there, keeps the choice and sends it with the order', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
    const calls = serveApi({
      'GET /api/user/session': () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: { rice: 1 } } } }),
      'GET /api/address/get': () => ({ json: { success: true, addresses: [{ _id: 'a1', userId: 'u1', firstName: 'Sita', lastName: 'Rai', email: 's@example.com', street: 'Lakeside', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9800000000' }] } }),
      'POST /api/cart/update': () => ({ json: { success: true } }),
      'POST /api/order/cod': () => ({ json: { success: true, message: 'Order Placed Successfully' } }),
    });
    renderApp(<CartPage />, '/cart');
    const choice = await screen.findByLabelText('If Jumla Red Rice is not there');
    // The store's default until the shopper chooses.
    expect(choice).toHaveValue('best');
    await userEvent.selectOptions(choice, 'none');
    expect(JSON.parse(localStorage.getItem('haat.substitutes') ?? '{}')).toEqual({ rice: 'none' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Place Order' })[0]).toBeEnabled());
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).toMatchObject({ items: [{ product: 'rice', substitute: 'none' }] }));
  });

  it('applies a coupon: the quote says why not, or its discount, and the order sends its code', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
    const calls = serveApi({
      'GET /api/user/session': () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: { rice: 1 } } } }),
      'GET /api/address/get': () => ({ json: { success: true, addresses: [{ _id: 'a1', userId: 'u1', firstName: 'Sita', lastName: 'Rai', email: 's@example.com', street: 'Lakeside', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9800000000' }] } }),
      'POST /api/cart/update': () => ({ json: { success: true } }),
      'POST /api/cart/quote': (body) => {
        const { coupon, items } = body as { coupon?: string; items: { quantity: number }[] };
        const q = items[0]!.quantity;
        if (!coupon) return { json: { success: true, quote: quote({ subtotal: 295 * q, total: 295 * q }) } };
        if (q < 3) return { json: { success: true, quote: quote({ subtotal: 295 * q, total: 295 * q, couponProblem: 'Add $205 more to use this code' }) } };
        return { json: { success: true, quote: quote({ subtotal: 590, discount: 59, total: 531, coupon: { code: 'DASHAIN10', kind: 'percent', value: 10, products: ['rice'] } }) } };
      },
      'POST /api/order/cod': () => ({ json: { success: true, message: 'Order Placed Successfully' } }),
    });
    renderApp(<CartPage />, '/cart');
    await userEvent.type(await screen.findByLabelText('Coupon code'), 'dashain10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // Refused: why, and the order waits.
    expect(await screen.findByTestId('coupon-problem')).toHaveTextContent('Add $205 more to use this code');
    // The phone's bar beside the order button says it too.
    expect(screen.getAllByText('Add $205 more to use this code')).toHaveLength(2);
    for (const b of screen.getAllByRole('button', { name: 'Place Order' })) expect(b).toBeDisabled();
    expect(calls.find((c) => c.key === 'POST /api/cart/quote' && (c.body as { coupon?: string }).coupon === 'dashain10')).toBeDefined();
    // One more bag: the discount, and the order sends the code.
    await userEvent.selectOptions(screen.getByLabelText('Quantity of Jumla Red Rice'), '3');
    await waitFor(() => expect(screen.getByTestId('cart-discount')).toHaveTextContent('−$59'));
    expect(screen.getByText('Discount (DASHAIN10)')).toBeInTheDocument();
    expect(screen.queryByTestId('coupon-problem')).toBeNull();
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Place Order' })[0]).toBeEnabled());
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).toMatchObject({ coupon: 'dashain10' }));
    // The code went with that order: the next cart starts without it.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('haat.checkout.u1') ?? '{}')).toMatchObject({ coupon: '' }));
  });

  describe('store credit', () => {
    const session = { json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: { rice: 1 } } } };
    const addresses = {
      json: { success: true, addresses: [{ _id: 'a1', userId: 'u1', firstName: 'Sita', lastName: 'Rai', email: 's@example.com', street: 'Lakeside', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9800000000' }] },
    };
    /** shop serves a signed-in shopper with balance of store credit, quoting one bag of rice (300.90) as the server would with useCredit. */
    const shop = (balance: number) =>
      serveApi({
        'GET /api/user/session': () => session,
        'GET /api/address/get': () => addresses,
        'GET /api/user/credit': () => ({ json: { success: true, balance, entries: [] } }),
        'POST /api/cart/update': () => ({ json: { success: true } }),
        'POST /api/cart/quote': (body) => {
          const used = (body as { useCredit?: boolean }).useCredit ? Math.min(balance, 300.9) : 0;
          const toPay = Math.round((300.9 - used) * 100) / 100;
          return { json: { success: true, quote: quote({ lines: [{ product: 'rice', quantity: 1, amount: 295 }], subtotal: 295, tax: 5.9, total: 300.9, credit: balance, creditUsed: used, toPay }) } };
        },
        'POST /api/order/cod': () => ({ json: { success: true, message: 'Order Placed Successfully' } }),
      });

    it('offers the balance, shows what it pays and what is left, and orders with it', async () => {
      localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
      const calls = shop(100);
      renderApp(<CartPage />, '/cart');
      const use = await screen.findByRole('checkbox', { name: 'Use store credit ($100)' });
      expect(use).not.toBeChecked();
      await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$300.90'));
      expect(screen.queryByTestId('cart-to-pay')).not.toBeInTheDocument();

      await userEvent.click(use);
      expect(use).toBeChecked();
      await waitFor(() => expect(screen.getByTestId('cart-to-pay')).toHaveTextContent('$200.90'));
      // The bill stays as it is: credit pays part of it.
      expect(screen.getByTestId('cart-total')).toHaveTextContent('$300.90');
      expect(screen.getByTestId('cart-credit')).toHaveTextContent('−$100');
      expect(calls.filter((c) => c.key === 'POST /api/cart/quote').at(-1)?.body).toMatchObject({ useCredit: true });

      await waitFor(() => expect(screen.getAllByRole('button', { name: 'Place Order' })[0]).toBeEnabled());
      await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
      await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).toMatchObject({ address: 'a1', useCredit: true }));
      // Kept for the next visit.
      expect(JSON.parse(localStorage.getItem('haat.checkout.u1') ?? '{}')).toMatchObject({ useCredit: true });
    });

    it('offers nothing without a balance, and orders as the spec does', async () => {
      localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
      localStorage.setItem('haat.checkout.u1', JSON.stringify({ useCredit: true }));
      const calls = shop(0);
      renderApp(<CartPage />, '/cart');
      await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('$300.90'));
      await waitFor(() => expect(calls.some((c) => c.key === 'GET /api/user/credit')).toBe(true));
      expect(screen.queryByRole('checkbox', { name: /store credit/ })).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getAllByRole('button', { name: 'Place Order' })[0]).toBeEnabled());
      await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
      await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).toBeDefined());
      expect(calls.find((c) => c.key === 'POST /api/order/cod')?.body).not.toHaveProperty('useCredit');
      for (const c of calls.filter((c) => c.key === 'POST /api/cart/quote')) expect(c.body).not.toHaveProperty('useCredit');
    });
  });

  it('asks for an address before placing an order', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1 }));
    serveApi({
      'GET /api/user/session': () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: {} } } }),
      'GET /api/address/get': () => ({ json: { success: true, addresses: [] } }),
      'POST /api/cart/update': () => ({ json: { success: true } }),
    });
    renderApp(<CartPage />, '/cart');
    expect(await screen.findByText('Jumla Red Rice')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No address found')).toBeInTheDocument());
    await userEvent.click(screen.getAllByRole('button', { name: 'Place Order' })[0]!);
    expect(await screen.findByText('Please Select An Address')).toBeInTheDocument();
  });
});

describe('cart sync', () => {
  it('leaves out products the store no longer has', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 1, gone: 2 }));
    const calls = serveApi({
      'GET /api/user/session': () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: {} } } }),
      'POST /api/cart/update': () => ({ json: { success: true } }),
    });
    function AddOne() {
      const { user } = useUser();
      const cart = useCartStore();
      return user ? <button onClick={() => cart.addOne('rice')}>add</button> : null;
    }
    renderApp(<AddOne />);
    await userEvent.click(await screen.findByRole('button', { name: 'add' }));
    await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/cart/update').at(-1)?.body).toEqual({ cartItems: { rice: 2 } }));
  });
});
