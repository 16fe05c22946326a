import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';
import type { Dashboard } from '../../lib/contract';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

afterEach(() => vi.unstubAllGlobals());

const dashboard: Dashboard = {
  today: { orders: 3, revenue: 1586.1, discounts: 59 },
  waiting: [
    { status: 'Order Placed', orders: 2 },
    { status: 'Packed', orders: 1 },
    { status: 'Out for Delivery', orders: 0 },
  ],
  bestSellers: [
    { product: { _id: 'rice', name: 'Jumla Red Rice', category: 'Grains', offerPrice: 295, image: rice.image }, units: 6, revenue: 1770 },
    { product: { _id: 'tomato', name: 'Local Tomatoes', category: 'Vegetables', offerPrice: 180, image: rice.image }, units: 4, revenue: 180, weight: '1 kg' },
  ],
  onTime: { delivered: 4, onTime: 3, percent: 75 },
  atRisk: [
    { _id: 'o1', number: 10482, promisedBy: '2026-11-22T06:45:00Z', rider: 'Bikash Rai', late: true },
    { _id: 'o2', number: 10483, promisedBy: '2026-11-22T07:00:00Z', rider: 'Bikash Rai', late: false },
  ],
  afterDelivery: { openClaims: 3, overdueClaims: 1, dueRefunds: 2, lateRefunds: 0 },
  lowStock: [
    { _id: 'apple', name: 'Mustang Apple', image: rice.image, inStock: true, stock: 2, asked: 0 },
    { _id: 'dal', name: 'Masoor Dal', image: rice.image, inStock: false, asked: 3 },
  ],
};

describe('seller dashboard', () => {
  it('is the first item of the sidebar and sums up the store, each part linking to its list', async () => {
    serveApi({
      'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }),
      'GET /api/seller/dashboard': () => ({ json: { success: true, dashboard } }),
    });
    renderStore('/seller/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Seller menu' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Dashboard', 'AddProduct', 'Product List', 'Orders', 'Pack', 'Delivery slots', 'Cash', 'Claims', 'Coupons', 'Settings', 'Staff', 'Ready to open?']);
    const after = await screen.findByRole('region', { name: 'After delivery' });
    expect(within(after).getByTestId('open-claims')).toHaveTextContent('31 past 15 days');
    expect(within(after).getByRole('link', { name: /Claims to decide/ })).toHaveAttribute('href', '/seller/claims');
    expect(within(after).getByTestId('due-refunds')).toHaveTextContent(/^2$/);

    expect(screen.getByTestId('today-orders')).toHaveTextContent('3 orders');
    expect(screen.getByRole('link', { name: 'Export confirmed subscribers (CSV)' })).toHaveAttribute('href', '/api/seller/subscribers.csv');
    expect(screen.getByTestId('today-revenue')).toHaveTextContent('$1586.10');
    expect(screen.getByTestId('today-discounts')).toHaveTextContent('$59');
    expect(screen.getByRole('link', { name: 'See orders' })).toHaveAttribute('href', '/seller/orders?day=today');
    const waiting = screen.getByRole('region', { name: 'Waiting for you' });
    expect(within(waiting).getByRole('link', { name: /^Order Placed\s*2$/ })).toHaveAttribute('href', '/seller/orders?status=Order+Placed');
    const best = screen.getByRole('region', { name: 'Best sellers, last 7 days' });
    expect(best).toHaveTextContent('Jumla Red Rice6 sold$1770');
    // Goods sold by weight show what they weighed and what they were billed.
    expect(best).toHaveTextContent('Local Tomatoes1 kg sold$180');
    const low = screen.getByRole('region', { name: 'Low on stock' });
    expect(within(low).getByText('2 left')).toBeInTheDocument();
    expect(within(low).getByText('Switched off')).toBeInTheDocument();
    expect(within(low).getByText('3 shoppers wait for it')).toBeInTheDocument();
    expect(within(best).getByRole('link', { name: 'See products' })).toHaveAttribute('href', '/seller/product-list');
    expect(within(low).getByRole('link', { name: 'See products' })).toHaveAttribute('href', '/seller/product-list?stock=low');

    expect(screen.getByTestId('on-time-percent')).toHaveTextContent('75%');
    expect(screen.getByRole('region', { name: 'On time today' })).toHaveTextContent('3 of 4 delivered on time');
    const risk = screen.getByRole('region', { name: 'At risk of being late' });
    expect(within(risk).getByRole('link', { name: /#10482.*late: was due/ })).toHaveAttribute('href', '/seller/orders?q=10482');
    expect(within(risk).getByRole('link', { name: /#10483.*due/ })).toHaveAttribute('href', '/seller/orders?q=10483');

    await userEvent.click(within(waiting).getByRole('link', { name: /^Packed\s*1$/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/seller/orders'));
  });
});
