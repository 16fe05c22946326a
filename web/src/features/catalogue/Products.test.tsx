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
