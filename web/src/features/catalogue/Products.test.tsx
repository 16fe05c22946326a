import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

describe('the product list’s search', () => {
  it('offers the search spelled as the shop’s products are when it finds nothing, and searches that', async () => {
    const banana = { ...rice, _id: 'banana', name: 'Malbhog Banana (Kera)', category: 'Fruits' as const };
    const calls = serveApi({
      'GET /api/product/search': (_, query) =>
        query.get('q') === 'banenna'
          ? { json: { success: true, products: [], didYouMean: 'banana' } }
          : { json: { success: true, products: query.get('q') === 'banana' ? [banana] : [rice, banana] } },
    });
    renderStore('/products');
    expect(await screen.findByText('Jumla Red Rice')).toBeInTheDocument();
    await userEvent.type(screen.getAllByLabelText('Search products')[0]!, 'banenna');
    expect(await screen.findByText('No products match your search.')).toBeInTheDocument();
    expect(screen.getByText('Did you mean:')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'banana' }));
    expect(await screen.findByText('Malbhog Banana (Kera)')).toBeInTheDocument();
    expect(screen.queryByText('Jumla Red Rice')).not.toBeInTheDocument();
    expect(screen.getAllByLabelText('Search products')[0]).toHaveValue('banana');
    expect(calls.some((c) => c.key.includes('q=banana'))).toBe(true);
  });
});

describe('deals', () => {
  it('opens the list by savings from the home page’s Explore deals, shows the order chosen, and goes back to newest', async () => {
    const tea = { ...rice, _id: 'tea', name: 'Ilam Tea', category: 'Drinks' as const, price: 550, offerPrice: 400, regularOfferPrice: 540,
      sale: { price: 400, start: '2026-10-20T00:15:00Z', end: '2026-10-25T00:15:00Z', on: true } };
    const calls = serveApi({
      'GET /api/product/search': (_, query) => ({ json: { success: true, products: query.get('sort') === 'savings' ? [tea, rice] : [rice, tea] } }),
    });
    renderStore();
    await userEvent.click(await screen.findByRole('link', { name: 'Explore deals' }));
    expect(await screen.findByRole('heading', { name: 'All Products' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/products');
    expect(screen.getByTestId('query')).toHaveTextContent('?sort=savings');
    const sort = screen.getByLabelText('Sort by');
    expect(sort).toHaveValue('savings');
    expect(calls.some((c) => c.key.includes('sort=savings'))).toBe(true);
    expect(await screen.findByText('Ilam Tea')).toBeInTheDocument();
    expect(screen.getAllByText('Sale').length).toBeGreaterThan(0);
    await userEvent.selectOptions(sort, 'Newest');
    expect(screen.getByLabelText('Sort by')).toHaveValue('');
    expect(screen.getByTestId('query')).toBeEmptyDOMElement();
  });
});
