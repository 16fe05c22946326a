// @vitest-environment jsdom
// jsdom, not the suite's happy-dom: the product form's tests (file inputs, submitting) pass in jsdom
// as in a browser, and do not yet under happy-dom.
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, rice, serveApi } from '../../test/render';
import { sellerShelf } from '../../test/sellerShelf';
import type { SellerProduct } from '../../lib/contract';
import { loadSellerTexts } from '../../i18n';

// The seller area's texts load with the area; these tests render its parts without it.
beforeAll(() => loadSellerTexts());

afterEach(() => vi.unstubAllGlobals());

const seller = { 'GET /api/seller/session': () => ({ json: { seller: { _id: 's1', email: 'seller@haat.example', name: '', role: 'owner', reach: ['area', 'orders', 'owner'] }, success: true } }) };
const location = () => screen.getByTestId('location');

const photo = (name = 'tea.png', type = 'image/png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type });

describe('add product', () => {
  it('refuses a form without photos or with a non-image, then sends the product', async () => {
    const calls = serveApi({ ...seller, 'POST /api/product/add': () => ({ json: { success: true, message: 'Product Added' } }) });
    renderStore('/seller');
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByLabelText('Product Name'), 'Ilam Tea');
    await user.type(screen.getByLabelText('Product Description'), 'First flush{enter}{enter}  Hand rolled ');
    // VAT-exempt follows the category until the seller chooses: grains are staples, drinks are not.
    await user.selectOptions(screen.getByLabelText('Category'), 'Grains');
    expect(screen.getByRole('checkbox', { name: 'VAT-exempt' })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Category'), 'Drinks');
    expect(screen.getByRole('checkbox', { name: 'VAT-exempt' })).not.toBeChecked();
    await user.type(screen.getByLabelText('Product Price'), '450');
    await user.type(screen.getByLabelText('Offer Price'), '399.5');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Please add at least one image')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Product image 1'), new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Only image files can be added')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Product image 1'), photo('front.png'));
    await user.upload(screen.getByLabelText('Product image 3'), photo('back.png'));
    expect(screen.getByAltText('front.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove product image 3' }));
    expect(screen.queryByAltText('back.png')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Product image 2'), photo('side.png'));

    expect(calls.some((c) => c.key === 'POST /api/product/add')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product Added')).toBeInTheDocument();
    const form = calls.find((c) => c.key === 'POST /api/product/add')?.body as FormData;
    expect(form.get('name')).toBe('Ilam Tea');
    expect(JSON.parse(form.get('description') as string)).toEqual(['First flush', 'Hand rolled']);
    expect(form.get('category')).toBe('Drinks');
    expect(form.get('price')).toBe('450');
    expect(form.get('offerPrice')).toBe('399.5');
    expect(form.get('vatExempt')).toBeNull(); // not chosen: the server applies the category's rule too
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['front.png', 'side.png']);
    // The form is empty again.
    expect(screen.getByLabelText('Product Name')).toHaveValue('');
  });

  it('refuses an offer price above the price and shows server errors', async () => {
    const calls = serveApi({ ...seller, 'POST /api/product/add': () => ({ status: 400, json: { success: false, message: 'Please choose a valid category' } }) });
    renderStore('/seller');
    await userEvent.type(await screen.findByLabelText('Product Name'), 'Tea');
    await userEvent.type(screen.getByLabelText('Product Description'), 'Leaves');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Drinks');
    await userEvent.type(screen.getByLabelText('Product Price'), '100');
    await userEvent.type(screen.getByLabelText('Offer Price'), '100.01');
    await userEvent.upload(screen.getByLabelText('Product image 1'), photo());
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Offer price cannot be more than the price')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/product/add')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Offer Price'));
    await userEvent.type(screen.getByLabelText('Offer Price'), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Please choose a valid category')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Tea'); // nothing typed is lost
  });

  it('sells a product by weight: prices per kg, in steps of 250 g unless another is chosen, and no pack weight', async () => {
    const calls = serveApi({ ...seller, 'POST /api/product/add': () => ({ json: { success: true, message: 'Product Added' } }) });
    renderStore('/seller');
    const user = userEvent.setup({ applyAccept: false });
    const soldBy = await screen.findByRole('group', { name: 'Sold by' });
    expect(within(soldBy).getByRole('radio', { name: 'By the unit' })).toBeChecked();
    expect(screen.queryByLabelText('Sold in steps of')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Product Name'), 'Tomatoes');
    await user.type(screen.getByLabelText('Product Description'), 'From Dhading');
    await user.selectOptions(screen.getByLabelText('Category'), 'Vegetables');
    await user.type(screen.getByLabelText('Weight (optional)'), '1 kg'); // typed, then hidden: not sent
    await user.click(within(soldBy).getByRole('radio', { name: 'By weight (price per kg)' }));

    expect(screen.queryByLabelText('Weight (optional)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Product Price')).not.toBeInTheDocument();
    const step = screen.getByLabelText('Sold in steps of');
    expect(step).toHaveValue('250');
    expect(within(step).getAllByRole('option').map((o) => o.textContent)).toEqual(['50 g', '100 g', '250 g', '500 g', '1 kg']);
    expect(screen.getByText(/Counted in steps of 250 g: 4 in stock is 1 kg/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Price per kg'), '180');
    await user.type(screen.getByLabelText('Offer price per kg'), '160');
    await user.upload(screen.getByLabelText('Product image 1'), photo('tomatoes.png'));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Product Added')).toBeInTheDocument();
    const form = calls.find((c) => c.key === 'POST /api/product/add')?.body as FormData;
    expect(form.get('soldBy')).toBe('weight');
    expect(form.get('step')).toBe('250');
    expect(form.get('price')).toBe('180');
    expect(form.get('offerPrice')).toBe('160');
    expect(form.get('weight')).toBe('');
    // The form is empty again, selling by the unit.
    expect(screen.getByRole('radio', { name: 'By the unit' })).toBeChecked();
    expect(screen.getByLabelText('Product Price')).toHaveValue('');
  });

  it('sends a product sold by the unit as such, without a step', async () => {
    const calls = serveApi({ ...seller, 'POST /api/product/add': () => ({ json: { success: true, message: 'Product Added' } }) });
    renderStore('/seller');
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByLabelText('Product Name'), 'Ilam Tea');
    await user.type(screen.getByLabelText('Product Description'), 'Whole leaf');
    await user.selectOptions(screen.getByLabelText('Category'), 'Drinks');
    await user.type(screen.getByLabelText('Weight (optional)'), '100 g');
    // Chosen by weight with a step of 500 g, then back by the unit.
    await user.click(screen.getByRole('radio', { name: 'By weight (price per kg)' }));
    await user.selectOptions(screen.getByLabelText('Sold in steps of'), '500 g');
    await user.click(screen.getByRole('radio', { name: 'By the unit' }));
    expect(screen.getByLabelText('Weight (optional)')).toHaveValue('100 g');
    await user.type(screen.getByLabelText('Product Price'), '450');
    await user.type(screen.getByLabelText('Offer Price'), '400');
    await user.upload(screen.getByLabelText('Product image 1'), photo());
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Product Added')).toBeInTheDocument();
    const form = calls.find((c) => c.key === 'POST /api/product/add')?.body as FormData;
    expect(form.get('soldBy')).toBe('unit');
    expect(form.get('step')).toBeNull();
    expect(form.get('weight')).toBe('100 g');
  });
});

const many = (n: number): SellerProduct[] =>
  Array.from({ length: n }, (_, i) => ({ ...rice, _id: `p${i + 1}`, name: `Product ${i + 1}`, inStock: i % 2 === 0, archived: false, held: 0 }));

describe('product list', () => {
  it('shows 20 products, and 20 more each time Show more products is pressed, until all are shown', async () => {
    const asked: URLSearchParams[] = [];
    serveApi({ ...seller, 'GET /api/seller/products': sellerShelf(() => many(45), asked) });
    renderStore('/seller/product-list');
    expect(await screen.findByText('Product 1')).toBeInTheDocument();
    expect(screen.getByText('Product 20')).toBeInTheDocument();
    expect(screen.queryByText('Product 21')).not.toBeInTheDocument();
    expect(screen.getByText('20 of 45 products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more products' }));
    expect(await screen.findByText('Product 40')).toBeInTheDocument();
    expect(screen.getByText('Product 1')).toBeInTheDocument();
    expect(screen.getByText('40 of 45 products')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more products' }));
    expect(await screen.findByText('Product 45')).toBeInTheDocument();
    expect(screen.getByText('45 of 45 products')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more products' })).not.toBeInTheDocument();
    // The server is asked for a page of 20 of the products on sale at a time, after the last one shown.
    expect(asked.map((q) => q.toString())).toEqual(['archived=false&limit=20', 'archived=false&limit=20&before=p20', 'archived=false&limit=20&before=p40']);
  });

  it('shows the units unpaid online orders hold', async () => {
    const products = many(2).map((p, i) => (i === 0 ? { ...p, stock: 4, held: 3 } : p));
    serveApi({ ...seller, 'GET /api/seller/products': sellerShelf(() => products) });
    renderStore('/seller/product-list');
    const first = await screen.findByRole('row', { name: 'Product 1' });
    expect(within(first).getByText('4 left')).toBeInTheDocument();
    expect(within(first).getByText('3 held by unpaid orders')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: 'Product 2' })).queryByText(/held by unpaid orders/)).not.toBeInTheDocument();
  });

  it('switches stock and refetches the list', async () => {
    let products = many(2);
    const calls = serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => products),
      'POST /api/product/stock': (body) => {
        const { id, inStock } = body as { id: string; inStock: boolean };
        products = products.map((p) => (p._id === id ? { ...p, inStock } : p));
        return { json: { success: true, message: 'Stock Updated' } };
      },
    });
    renderStore('/seller/product-list');
    const first = await screen.findByRole('row', { name: 'Product 1' });
    const second = screen.getByRole('row', { name: 'Product 2' });
    expect(within(second).getByRole('button', { name: 'Update Stock' })).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: 'Remove from Stock' }));
    expect(await screen.findByText('Stock Updated')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/product/stock')?.body).toEqual({ id: 'p1', inStock: false });
    expect(await within(first).findByRole('button', { name: 'Update Stock' })).toBeInTheDocument();
  });
});

describe('product list search, filters, sort and more', () => {
  // Newest first, as the server sends them: Product 1 to 45, with a few stocked and named to tell apart.
  const named: Record<number, Partial<SellerProduct>> = {
    2: { name: 'Ilam Green Tea', category: 'Drinks', stock: 12 },
    5: { name: 'Green Apples', category: 'Fruits', stock: 3 },
    8: { name: 'Apple Juice', category: 'Drinks', stock: 0, inStock: false },
    30: { name: 'Mustang Apple', category: 'Fruits', stock: 5 },
  };
  const shelf = (): SellerProduct[] => many(45).map((p, i) => ({ ...p, inStock: true, ...named[i] }));
  const query = () => screen.getByTestId('query');
  const rows = () => screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('aria-label'));

  it('opens the low and out of stock lists the dashboard links to, showing each count', async () => {
    serveApi({ ...seller, 'GET /api/seller/products': sellerShelf(() => shelf()) });
    renderStore('/seller/product-list?stock=low');
    expect(await screen.findByRole('row', { name: 'Green Apples' })).toBeInTheDocument();
    // Low: counted with at most LOW_STOCK units, none left included (the dashboard's low-stock panel).
    expect(rows()).toEqual(['Green Apples', 'Apple Juice', 'Mustang Apple']);
    expect(screen.getByLabelText('Stock')).toHaveValue('low');
    expect(within(screen.getByRole('row', { name: 'Mustang Apple' })).getByText('5 left')).toBeInTheDocument();
    expect(screen.getByText('3 of 3 products')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'Out of stock');
    expect(query()).toHaveTextContent('?stock=out');
    expect(rows()).toEqual(['Apple Juice']);
    expect(within(screen.getByRole('row', { name: 'Apple Juice' })).getByText('0 left')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Stock'), 'All stock');
    expect(query()).toHaveTextContent(/^$/);
    expect(within(screen.getByRole('row', { name: 'Product 1' })).getByText('Not counted')).toBeInTheDocument();
  });

  it('searches as the seller types, filters by category, sorts, and keeps it all in the URL', async () => {
    const asked: URLSearchParams[] = [];
    serveApi({ ...seller, 'GET /api/seller/products': sellerShelf(shelf, asked) });
    renderStore('/seller/product-list');
    await screen.findByRole('row', { name: 'Product 1' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or SKU' }), 'APPLE');
    expect(query()).toHaveTextContent('?q=APPLE');
    await waitFor(() => expect(rows()).toEqual(['Green Apples', 'Apple Juice', 'Mustang Apple']));
    // The server searches every product, once the typing pauses.
    expect(asked.map((q) => q.get('q'))).toEqual([null, 'APPLE']);

    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Fruits');
    await waitFor(() => expect(rows()).toEqual(['Green Apples', 'Mustang Apple']));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Stock (fewest first)');
    expect(query()).toHaveTextContent('?q=APPLE&category=Fruits&sort=stock');
    await waitFor(() => expect(asked.at(-1)?.toString()).toBe('archived=false&q=APPLE&category=Fruits&sort=stock&limit=20'));
    expect(rows()).toEqual(['Green Apples', 'Mustang Apple']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Name (A-Z)');
    await waitFor(() => expect(asked.at(-1)?.get('sort')).toBe('name'));
    expect(rows()).toEqual(['Green Apples', 'Mustang Apple']);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name or SKU' }), ' pie');
    expect(await screen.findByText('No products match your search and filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(query()).toHaveTextContent(/^$/);
    expect(screen.getByRole('searchbox', { name: 'Search by name or SKU' })).toHaveValue('');
    expect(await screen.findByText('20 of 45 products')).toBeInTheDocument();
  });

  it('reads a sorted, filtered view from the URL and asks the server for it', async () => {
    const asked: URLSearchParams[] = [];
    serveApi({ ...seller, 'GET /api/seller/products': sellerShelf(shelf, asked) });
    renderStore('/seller/product-list?sort=price-desc&category=Drinks&stock=in');
    expect(await screen.findByRole('row', { name: 'Ilam Green Tea' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-desc');
    expect(screen.getByLabelText('Category')).toHaveValue('Drinks');
    expect(screen.getByRole('searchbox', { name: 'Search by name or SKU' })).toHaveValue('');
    expect(asked.map((q) => q.toString())).toEqual(['archived=false&category=Drinks&stock=in&sort=price-desc&limit=20']);
    expect(rows()).toEqual(['Ilam Green Tea']);
  });

  it('keeps the products shown so far after a stock switch', async () => {
    let products = shelf();
    serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => products),
      'POST /api/product/stock': (body) => {
        const { id, inStock } = body as { id: string; inStock: boolean };
        products = products.map((p) => (p._id === id ? { ...p, inStock } : p));
        return { json: { success: true, message: 'Stock Updated' } };
      },
    });
    renderStore('/seller/product-list');
    await screen.findByRole('row', { name: 'Product 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Show more products' }));
    const row = await screen.findByRole('row', { name: 'Mustang Apple' });
    await userEvent.click(within(row).getByRole('button', { name: 'Remove from Stock' }));
    expect(await within(screen.getByRole('row', { name: 'Mustang Apple' })).findByRole('button', { name: 'Update Stock' })).toBeInTheDocument();
    expect(screen.getByText('40 of 45 products')).toBeInTheDocument();
    expect(query()).toHaveTextContent(/^$/);
  });

  it('comes back from an edit to the list as it was left', async () => {
    serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => shelf()),
      'POST /api/product/update': () => ({ json: { success: true, message: 'Product Updated' } }),
    });
    renderStore('/seller/product-list?category=Fruits&sort=name');
    const row = await screen.findByRole('row', { name: 'Mustang Apple' });
    await userEvent.click(within(row).getByRole('link', { name: 'Edit Mustang Apple' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('row', { name: 'Mustang Apple' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/seller/product-list');
    expect(query()).toHaveTextContent('?category=Fruits&sort=name');
    expect(rows()).toEqual(['Green Apples', 'Mustang Apple']);
  });
});

describe('archive and restore', () => {
  it('archives a product into the Archived list and restores it', async () => {
    let products = many(3);
    const calls = serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => products),
      'POST /api/product/archive': (body) => {
        const { id, archived } = body as { id: string; archived: boolean };
        if (id === 'p3') return { status: 404, json: { success: false, message: 'Product not found' } };
        products = products.map((p) => (p._id === id ? { ...p, archived } : p));
        return { json: { success: true, message: archived ? 'Product Archived' : 'Product Restored' } };
      },
    });
    renderStore('/seller/product-list');
    const row = await screen.findByRole('row', { name: 'Product 2' });
    expect(screen.getByRole('link', { name: 'On sale (3)' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(row).getByRole('button', { name: 'Archive Product 2' }));
    expect(await screen.findByText('Product Archived')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Product 2' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.key === 'POST /api/product/archive')?.body).toEqual({ id: 'p2', archived: true });

    // The server's refusal is shown as it says it.
    await userEvent.click(within(screen.getByRole('row', { name: 'Product 3' })).getByRole('button', { name: 'Archive Product 3' }));
    expect(await screen.findByText('Product not found')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Archived (1)' }));
    const archived = await screen.findByRole('row', { name: 'Product 2' });
    expect(screen.queryByRole('row', { name: 'Product 1' })).not.toBeInTheDocument();
    expect(within(archived).getByRole('link', { name: 'Edit Product 2' })).toHaveAttribute('href', '/seller/product-list/p2/edit');
    await userEvent.click(within(archived).getByRole('button', { name: 'Restore Product 2' }));
    expect(await screen.findByText('Product Restored')).toBeInTheDocument();
    expect(await screen.findByText('No archived products.')).toBeInTheDocument();
  });
});

describe('edit product', () => {
  const tea: SellerProduct = {
    ...rice, _id: 'tea', name: 'Ilam Tea', category: 'Drinks', price: 550, offerPrice: 495.5, weight: '250 g', description: ['Whole leaf', 'From Ilam'],
    image: ['/media/uploads/a.jpg', '/media/uploads/b.jpg', '/media/uploads/c.jpg'], archived: false, held: 0, stock: 7,
  };

  it('is filled in with the product, sends only what changed, and goes back to the list', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => [tea]),
      'POST /api/product/update': () => ({ json: { success: true, message: 'Product Updated', product: tea } }),
    });
    renderStore('/seller/product-list/tea/edit');
    const user = userEvent.setup({ applyAccept: false });
    expect(await screen.findByRole('heading', { name: 'Edit Ilam Tea' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Ilam Tea');
    expect(screen.getByLabelText('Product Description')).toHaveValue('Whole leaf\nFrom Ilam');
    expect(screen.getByLabelText('Category')).toHaveValue('Drinks');
    expect(screen.getByLabelText('Product Price')).toHaveValue('550');
    expect(screen.getByLabelText('Units in stock (optional)')).toHaveValue('7');
    expect(screen.getByAltText('Product image 1')).toHaveAttribute('src', '/media/uploads/a-400.jpg');
    expect(screen.getByRole('button', { name: 'Move product image 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move product image 3 right' })).toBeDisabled(); // no photo after it

    // Photo 2 removed, photo 3 moved before photo 1, a new photo in slot 4.
    await user.click(screen.getByRole('button', { name: 'Remove product image 2' }));
    await user.click(screen.getByRole('button', { name: 'Move product image 3 left' })); // past the empty slot 2
    await user.upload(screen.getByLabelText('Product image 4'), photo('new.png'));
    await user.clear(screen.getByLabelText('Offer Price'));
    await user.type(screen.getByLabelText('Offer Price'), '450');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent('/seller/product-list'));
    const form = calls.find((c) => c.key === 'POST /api/product/update')?.body as FormData;
    expect([...form.keys()].sort()).toEqual(['id', 'imageOrder', 'images', 'offerPrice']);
    expect(form.get('id')).toBe('tea');
    expect(form.get('offerPrice')).toBe('450');
    expect(JSON.parse(form.get('imageOrder') as string)).toEqual(['/media/uploads/c.jpg', '/media/uploads/a.jpg', 0]);
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['new.png']);
  });

  it('marks a product VAT-exempt, sending only that', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => [tea]),
      'POST /api/product/update': () => ({ json: { success: true, message: 'Product Updated', product: { ...tea, vatExempt: true } } }),
    });
    renderStore('/seller/product-list/tea/edit');
    const exempt = await screen.findByRole('checkbox', { name: 'VAT-exempt' });
    expect(exempt).not.toBeChecked();
    await userEvent.click(exempt);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    const form = calls.find((c) => c.key === 'POST /api/product/update')?.body as FormData;
    expect([...form.keys()].sort()).toEqual(['id', 'vatExempt']);
    expect(form.get('vatExempt')).toBe('true');
  });

  it('sets, changes and clears the SKU, sending only that', async () => {
    const calls = serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => [{ ...tea, sku: 'TEA-1' }]),
      'POST /api/product/update': () => ({ json: { success: true, message: 'Product Updated', product: tea } }),
    });
    renderStore('/seller/product-list/tea/edit');
    const sku = await screen.findByLabelText('SKU (optional)');
    expect(sku).toHaveValue('TEA-1');
    await userEvent.clear(sku);
    await userEvent.type(sku, ' TEA-2 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    const form = calls.find((c) => c.key === 'POST /api/product/update')?.body as FormData;
    expect([...form.keys()].sort()).toEqual(['id', 'sku']);
    expect(form.get('sku')).toBe('TEA-2');
  });

  it('is filled in with a sale on the store’s clock and the everyday offer price, and ends the sale sending its three fields empty', async () => {
    const onSale: SellerProduct = { ...tea, offerPrice: 400, regularOfferPrice: 495.5,
      sale: { price: 400, start: '2026-10-20T00:15:00Z', end: '2026-10-25T00:15:00Z', on: true } };
    const calls = serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => [onSale]),
      'POST /api/product/update': () => ({ json: { success: true, message: 'Product Updated', product: tea } }),
    });
    renderStore('/seller/product-list/tea/edit');
    expect(await screen.findByLabelText('Offer Price')).toHaveValue('495.5');
    expect(screen.getByLabelText('Sale price')).toHaveValue('400');
    expect(screen.getByLabelText('Sale starts')).toHaveValue('2026-10-20T06:00');
    expect(screen.getByLabelText('Sale ends')).toHaveValue('2026-10-25T06:00');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the sale' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
    const form = calls.find((c) => c.key === 'POST /api/product/update')?.body as FormData;
    expect([...form.keys()].sort()).toEqual(['id', 'saleEnd', 'salePrice', 'saleStart']);
    expect([form.get('salePrice'), form.get('saleStart'), form.get('saleEnd')]).toEqual(['', '', '']);
  });

  describe('sold by weight', () => {
    const tomatoes: SellerProduct = {
      ...rice, _id: 'tomatoes', name: 'Tomatoes', category: 'Vegetables', price: 180, offerPrice: 160, weight: undefined, description: ['From Dhading'],
      soldBy: 'weight', step: 500, archived: false, held: 0,
    };
    const edit = () =>
      serveApi({
        ...seller,
        'GET /api/seller/products': sellerShelf(() => [tomatoes]),
        'POST /api/product/update': () => ({ json: { success: true, message: 'Product Updated', product: tomatoes } }),
      });
    const sent = async (calls: ReturnType<typeof serveApi>) => {
      expect(await screen.findByText('Product Updated')).toBeInTheDocument();
      return calls.find((c) => c.key === 'POST /api/product/update')?.body as FormData;
    };

    it('is filled in as sold by weight, and sends neither soldBy nor step when they are left as they were', async () => {
      const calls = edit();
      renderStore('/seller/product-list/tomatoes/edit');
      expect(await screen.findByRole('radio', { name: 'By weight (price per kg)' })).toBeChecked();
      expect(screen.getByLabelText('Sold in steps of')).toHaveValue('500');
      expect(screen.getByLabelText('Price per kg')).toHaveValue('180');
      expect(screen.getByLabelText('Offer price per kg')).toHaveValue('160');
      expect(screen.queryByLabelText('Weight (optional)')).not.toBeInTheDocument();
      await userEvent.clear(screen.getByLabelText('Offer price per kg'));
      await userEvent.type(screen.getByLabelText('Offer price per kg'), '150');
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      const form = await sent(calls);
      expect([...form.keys()].sort()).toEqual(['id', 'offerPrice']);
      expect(form.get('offerPrice')).toBe('150');
    });

    it('changes the step, sending only that', async () => {
      const calls = edit();
      renderStore('/seller/product-list/tomatoes/edit');
      await userEvent.selectOptions(await screen.findByLabelText('Sold in steps of'), '1 kg');
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      const form = await sent(calls);
      expect([...form.keys()].sort()).toEqual(['id', 'step']);
      expect(form.get('step')).toBe('1000');
    });

    it('turns to sell by the unit, sending soldBy=unit and no step', async () => {
      const calls = edit();
      renderStore('/seller/product-list/tomatoes/edit');
      await userEvent.click(await screen.findByRole('radio', { name: 'By the unit' }));
      expect(screen.queryByLabelText('Sold in steps of')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Product Price')).toHaveValue('180');
      expect(screen.getByLabelText('Weight (optional)')).toHaveValue('');
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      const form = await sent(calls);
      expect([...form.keys()].sort()).toEqual(['id', 'soldBy']);
      expect(form.get('soldBy')).toBe('unit');
    });

    it('turns a product sold by the unit to sell by weight, sending the step even when left at 250 g, and clearing its pack weight', async () => {
      const calls = serveApi({
        ...seller,
        'GET /api/seller/products': sellerShelf(() => [tea]),
        'POST /api/product/update': () => ({ json: { success: true, message: 'Product Updated', product: tea } }),
      });
      renderStore('/seller/product-list/tea/edit');
      await userEvent.click(await screen.findByRole('radio', { name: 'By weight (price per kg)' }));
      expect(screen.getByLabelText('Sold in steps of')).toHaveValue('250');
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      const form = await sent(calls);
      expect([...form.keys()].sort()).toEqual(['id', 'soldBy', 'step', 'weight']);
      expect(form.get('soldBy')).toBe('weight');
      expect(form.get('step')).toBe('250');
      expect(form.get('weight')).toBe(''); // "250 g" described a pack
    });

    it('offers the step a product has when it is not one of the usual ones', async () => {
      serveApi({ ...seller, 'GET /api/seller/products': sellerShelf(() => [{ ...tomatoes, step: 200 }]) });
      renderStore('/seller/product-list/tomatoes/edit');
      const step = await screen.findByLabelText('Sold in steps of');
      expect(step).toHaveValue('200');
      expect(within(step).getAllByRole('option').map((o) => o.textContent)).toEqual(['50 g', '100 g', '200 g', '250 g', '500 g', '1 kg']);
    });

    it('shows its price per kg in the product list', async () => {
      serveApi({ ...seller, 'GET /api/seller/products': sellerShelf(() => [tomatoes, tea]) });
      renderStore('/seller/product-list');
      const row = await screen.findByRole('row', { name: 'Tomatoes' });
      expect(within(row).getAllByText(/\$160\/kg$/)).toHaveLength(2); // the price column, and under the name on narrow screens
      expect(within(screen.getByRole('row', { name: 'Ilam Tea' })).queryAllByText(/\/kg/)).toEqual([]);
    });
  });

  it('keeps what was typed when the server refuses it', async () => {
    serveApi({
      ...seller,
      'GET /api/seller/products': sellerShelf(() => [tea]),
      'POST /api/product/update': () => ({ status: 400, json: { success: false, message: 'Product name is too long' } }),
    });
    renderStore('/seller/product-list/tea/edit');
    await userEvent.type(await screen.findByLabelText('Product Name'), ' Extra');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product name is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toHaveValue('Ilam Tea Extra');
    expect(location()).toHaveTextContent('/seller/product-list/tea/edit');
  });

  it('says so when the product does not exist', async () => {
    serveApi({ ...seller, 'GET /api/seller/products': sellerShelf(() => []) });
    renderStore('/seller/product-list/nope/edit');
    expect(await screen.findByText('This product does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Product List' })).toHaveAttribute('href', '/seller/product-list');
  });
});
