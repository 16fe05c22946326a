import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';
import { sellerShelf } from '../../test/sellerShelf';
import type { SellerProduct } from '../../lib/contract';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };

const item = (id: string, ok: boolean, text: string, link: string) => ({ id, ok, text, link });

describe('launch checklist', () => {
  it('lists each item done or to do, with where it is fixed, and is linked from the seller menu', async () => {
    serveApi({
      ...seller,
      'GET /api/seller/checklist': () => ({
        json: {
          success: true,
          items: [
            item('production', true, 'The store runs in production (HAAT_ENV is not development)', 'README.md#go-live'),
            item('https', false, "The store's public address (HAAT_PUBLIC_URL) starts with https://", 'README.md#go-live'),
            item('delivery', false, 'The delivery area and delivery slots are set', '/seller/slots'),
            item('demo', true, 'The demo products are removed', '/seller/product-list'),
          ],
        },
      }),
    });
    renderStore('/seller/launch');
    expect(await screen.findByRole('heading', { name: 'Ready to open?' })).toBeInTheDocument();
    expect(await screen.findByText('2 things left to do')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Ready to open?' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Done: The store runs in production');
    expect(rows[1]).toHaveTextContent('To do: The store\'s public address');
    expect(rows[1]).toHaveTextContent('Set on the server: see Go live in the README');
    expect(within(rows[2]!).getByRole('link', { name: 'Fix it' })).toHaveAttribute('href', '/seller/slots');
    expect(within(rows[3]!).queryByRole('link')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Seller menu' });
    expect(within(nav).getByRole('link', { name: 'Ready to open?' })).toHaveAttribute('href', '/seller/launch');
  });

  it('says when everything is in place', async () => {
    serveApi({ ...seller, 'GET /api/seller/checklist': () => ({ json: { success: true, items: [item('sms', true, 'Texts go through an SMS provider', 'README.md#sms')] } }) });
    renderStore('/seller/launch');
    expect(await screen.findByText('Everything is in place: the shop is ready to open.')).toBeInTheDocument();
  });
});

describe('demo products', () => {
  it('removes the demo products after the seller confirms, and says how to add products to an empty list', async () => {
    let demoLeft = true;
    const demoRice: SellerProduct = { ...rice, archived: false, held: 0, demo: true };
    const calls = serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => demoLeft ? [demoRice] : []),
      'POST /api/seller/demo/remove': () => {
        demoLeft = false;
        return { json: { success: true, message: 'Demo products removed: 40 deleted, 2 archived (orders name them)', deleted: 40, archived: 2 } };
      },
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderStore('/seller/product-list');
    const button = await screen.findByRole('button', { name: 'Remove demo products' });
    await userEvent.click(button);
    expect(confirm).toHaveBeenCalled();
    expect(calls.some((c) => c.key === 'POST /api/seller/demo/remove')).toBe(false);
    confirm.mockReturnValue(true);
    await userEvent.click(button);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/seller/demo/remove')).toBe(true));
    expect(await screen.findByText('Demo products removed: 40 deleted, 2 archived (orders name them)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove demo products' })).toBeNull());
    // The list is empty now: it says how to add products.
    expect(await screen.findByText(/Add your products one at a time/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a product' })).toHaveAttribute('href', '/seller');
    expect(screen.getByRole('link', { name: 'Import from a spreadsheet' })).toHaveAttribute('href', '/seller/import');
    expect(calls.some((c) => c.key === 'GET /api/seller/checklist')).toBe(false); // the list asks no provider
  });
});
