import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProductCard from './ProductCard';
import ProductDetail from './ProductDetail';
import { catalogue, renderApp, rice, serveApi } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

/** five is the 5 kg bag of a rice sold in three pack sizes, the 25 kg one out of stock. */
const five = {
  ...rice, _id: 'rice-5', name: 'Basmati Rice', offerPrice: 950, price: 950, family: 'basmati-rice', size: '5 kg',
  sizes: [
    { _id: 'rice-1', size: '1 kg', offerPrice: 200, inStock: true },
    { _id: 'rice-5', size: '5 kg', offerPrice: 950, inStock: true },
    { _id: 'rice-25', size: '25 kg', offerPrice: 4500, inStock: false },
  ],
};

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

  it('sells goods sold by weight by the kilogram, a step at a time', async () => {
    const tomatoes = { ...rice, _id: 'tomatoes', name: 'Local Tomatoes', category: 'Vegetables' as const, price: 200, offerPrice: 180, soldBy: 'weight' as const, step: 250 };
    serveApi({});
    renderApp(<ProductCard product={tomatoes} />);
    expect(screen.getByText('$180/kg')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Local Tomatoes' }));
    const group = screen.getByRole('group', { name: 'Weight of Local Tomatoes' });
    expect(group).toHaveTextContent('250 g');
    for (let i = 0; i < 3; i++) await userEvent.click(screen.getByRole('button', { name: 'Add 250 g more Local Tomatoes' }));
    expect(group).toHaveTextContent('1 kg');
    await userEvent.click(screen.getByRole('button', { name: 'Remove 250 g of Local Tomatoes' }));
    expect(group).toHaveTextContent('750 g');
    expect(JSON.parse(localStorage.getItem('haat.guestCart')!)).toEqual({ tomatoes: 3 });
  });

  it('offers goods sold by weight by the weight on their page', async () => {
    const tomatoes = { ...rice, _id: 'tomatoes', name: 'Local Tomatoes', category: 'Vegetables' as const, price: 200, offerPrice: 180, soldBy: 'weight' as const, step: 250 };
    serveApi(catalogue([tomatoes]));
    renderApp(<ProductDetail />, '/products/vegetables/tomatoes', '/products/:category/:id');
    expect(await screen.findByText('Sold by weight, in steps of 250 g')).toBeInTheDocument();
    expect(screen.getByText(/\$180\/kg/)).toBeInTheDocument();
    const weight = screen.getByLabelText('Weight');
    expect(screen.getAllByRole('option').map((o) => o.textContent).slice(0, 5)).toEqual(['250 g', '500 g', '750 g', '1 kg', '1.25 kg']);
    await userEvent.selectOptions(weight, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(JSON.parse(localStorage.getItem('haat.guestCart')!)).toEqual({ tomatoes: 6 });
  });

  it('shows a product of pack sizes once, with how many sizes it has', () => {
    serveApi(catalogue([five]));
    renderApp(<ProductCard product={five} />);
    expect(screen.getByText('3 sizes')).toBeInTheDocument();
  });

  it('links each pack size from the product page', async () => {
    serveApi(catalogue([five]));
    renderApp(<ProductDetail />, '/products/grains/rice-5', '/products/:category/:id');
    const current = await screen.findByRole('link', { current: 'page' });
    expect(current).toHaveTextContent('5 kg$950');
    expect(screen.getByRole('link', { name: /^1 kg/ })).toHaveAttribute('href', '/products/grains/rice-1');
    expect(screen.getByRole('link', { name: /^25 kg/ })).toHaveTextContent('Out of stock');
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
