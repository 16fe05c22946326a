import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const location = () => screen.getByTestId('location');

describe('seller login', () => {
  it('shows the server message, then the seller area on success', async () => {
    let ok = false;
    const calls = serveApi({
      'POST /api/seller/login': (body) => {
        ok = (body as { password: string }).password === 'right-password';
        return ok ? { json: { success: true, message: 'Logged In' } } : { status: 401, json: { success: false, message: 'Invalid email or password' } };
      },
    });
    renderStore('/seller');
    expect(await screen.findByRole('heading', { name: 'Seller Login' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), '  seller@haat.example ');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/seller/login')?.body).toEqual({ email: 'seller@haat.example', password: 'wrong' });

    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Hi! Admin')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Add New Product' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/seller');
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    serveApi({ 'POST /api/seller/login': () => ({ status: 500, json: {} }) });
    renderStore('/seller');
    await userEvent.type(await screen.findByLabelText('Email'), 'seller@haat.example');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('logs out and goes home', async () => {
    serveApi({ ...seller, 'GET /api/seller/logout': () => ({ json: { success: true, message: 'Logged Out' } }) });
    renderStore('/seller/orders');
    const nav = await screen.findByRole('navigation', { name: 'Seller menu' });
    expect(within(nav).getByRole('link', { name: 'AddProduct' })).toHaveAttribute('href', '/seller');
    expect(within(nav).getByRole('link', { name: 'Product List' })).toHaveAttribute('href', '/seller/product-list');
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toHaveTextContent('/home'));
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
  });
});
