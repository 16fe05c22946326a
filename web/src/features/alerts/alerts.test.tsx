import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogue, renderStore, rice, serveApi } from '../../test/render';
import type { StockAlert } from '../../lib/contract';

afterEach(() => vi.unstubAllGlobals());

const signedIn = () => ({ json: { success: true, user: { _id: 'u1', name: 'Sita Gurung', email: 's@example.com', cartItems: {} } } });
const soldOut = { ...rice, inStock: false, stock: 0, stockOn: true };

describe('stock alerts', () => {
  it('asks to be told when a product is back, and can take it back', async () => {
    let alerts: StockAlert[] = [];
    const calls = serveApi({
      'GET /api/user/session': signedIn,
      ...catalogue([soldOut]),
      'GET /api/user/alerts': () => ({ json: { success: true, alerts } }),
      'POST /api/product/notify': (body) => {
        const { notify } = body as { notify: boolean };
        alerts = notify ? [{ product: soldOut, back: false }] : [];
        return { json: { success: true, message: notify ? 'We will tell you when Jumla Red Rice is back' : 'You will not be told about Jumla Red Rice' } };
      },
    });
    renderStore('/products/grains/rice');
    await userEvent.click(await screen.findByRole('button', { name: 'Tell me when it is back' }));
    expect(await screen.findByText('We will tell you when Jumla Red Rice is back')).toBeInTheDocument();
    expect(await screen.findByText('We will tell you when it is back.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/product/notify')?.body).toEqual({ id: 'rice', notify: true });
    await userEvent.click(screen.getByRole('button', { name: 'Do not tell me' }));
    expect(await screen.findByRole('button', { name: 'Tell me when it is back' })).toBeInTheDocument();
  });

  it('sends a guest to the login first', async () => {
    serveApi({ ...catalogue([soldOut]) });
    renderStore('/products/grains/rice');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in to be told when it is back' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows the products back on sale in My Orders, and dismisses them', async () => {
    let alerts: StockAlert[] = [{ product: { ...rice, stockOn: true }, back: true }];
    serveApi({
      'GET /api/user/session': signedIn,
      'GET /api/order/user': () => ({ json: { success: true, orders: [] } }),
      'GET /api/user/alerts': () => ({ json: { success: true, alerts } }),
      'POST /api/product/notify': () => {
        alerts = [];
        return { json: { success: true, message: 'You will not be told about Jumla Red Rice' } };
      },
    });
    renderStore('/my-orders');
    expect(await screen.findByRole('region', { name: 'Back in stock' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Jumla Red Rice' })).toHaveAttribute('href', '/products/grains/rice');
    expect(screen.getByRole('button', { name: 'Account menu, 1 back in stock' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss Jumla Red Rice' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Back in stock' })).not.toBeInTheDocument());
  });
});
