import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductCard from './ProductCard';
import { renderApp, rice, serveApi } from '../../test/render';

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
    expect(await screen.findByText('Save Rs. 25.00')).toBeInTheDocument();
    expect(screen.getByText('Rs. 295')).toBeInTheDocument();
  });

  it('says how few are left and sells no more than that', async () => {
    serveApi({});
    renderApp(<ProductCard product={{ ...rice, stock: 2 }} />);
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Jumla Red Rice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add one more Jumla Red Rice' }));
    expect(screen.getByRole('group', { name: 'Quantity of Jumla Red Rice' })).toHaveTextContent('2');
    const more = screen.getByRole('button', { name: 'Add one more Jumla Red Rice' });
    expect(more).toBeDisabled();
    expect(more).toHaveAccessibleDescription('Only 2 left');
    expect(JSON.parse(localStorage.getItem('haat.guestCart')!)).toEqual({ rice: 2 });
  });

  it('says nothing of the count while plenty is left', () => {
    serveApi({});
    renderApp(<ProductCard product={{ ...rice, stock: 40 }} />);
    expect(screen.queryByText(/left/)).not.toBeInTheDocument();
  });

  it('is not shown when out of stock', () => {
    serveApi({});
    renderApp(<ProductCard product={{ ...rice, inStock: false }} />);
    expect(screen.queryByRole('link', { name: 'Jumla Red Rice' })).not.toBeInTheDocument();
  });
});
