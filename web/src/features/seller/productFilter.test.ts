import { describe, expect, it } from 'vitest';
import { LOW_STOCK, type SellerProduct } from '../../lib/contract';
import { rice } from '../../test/render';
import { narrow, readView, writeView, type ListView } from './productFilter';

const product = (over: Partial<SellerProduct> & { _id: string }): SellerProduct => ({ ...rice, name: over._id, archived: false, held: 0, ...over });

const view = (over: Partial<ListView> = {}): ListView => ({ archived: false, search: '', category: 'all', stock: 'all', sort: 'newest', page: 1, ...over });

const ids = (products: SellerProduct[]) => products.map((p) => p._id);

// Newest first, as the server sends them.
const shelf: SellerProduct[] = [
  product({ _id: 'tea', name: 'Ilam Green Tea', category: 'Drinks', offerPrice: 399.5, stock: 12 }),
  product({ _id: 'milk', name: 'DDC Milk', category: 'Dairy', offerPrice: 55, stock: LOW_STOCK }),
  product({ _id: 'rice', name: 'Jumla Red Rice', category: 'Grains', offerPrice: 295, sku: 'RICE-5' }),
  product({ _id: 'bread', name: 'brown bread', category: 'Bakery', offerPrice: 90, stock: 0, inStock: false }),
  product({ _id: 'juice', name: 'Apple Juice', category: 'Drinks', offerPrice: 120, stock: 1 }),
  product({ _id: 'off', name: 'Green Apples', category: 'Fruits', offerPrice: 55, stock: 3, stockOn: false, inStock: false }),
  product({ _id: 'noodles', name: 'Wai Wai', category: 'Instant', offerPrice: 20, stockOn: false, inStock: false }),
  product({ _id: 'old', name: 'Old Green Tea', category: 'Drinks', offerPrice: 10, stock: 2, archived: true }),
];

describe('narrow', () => {
  it('keeps the products on sale in the order given, or only the archived ones', () => {
    expect(ids(narrow(shelf, view()).products)).toEqual(['tea', 'milk', 'rice', 'bread', 'juice', 'off', 'noodles']);
    expect(ids(narrow(shelf, view({ archived: true })).products)).toEqual(['old']);
    // A product without the field (the shop's shape) counts as on sale.
    expect(ids(narrow([{ ...rice } as SellerProduct], view()).products)).toEqual(['rice']);
  });

  it('searches any part of the name in any case, ignoring spaces around the search', () => {
    expect(ids(narrow(shelf, view({ search: 'GREEN' })).products)).toEqual(['tea', 'off']);
    expect(ids(narrow(shelf, view({ search: '  red ri ' })).products)).toEqual(['rice']);
    expect(ids(narrow(shelf, view({ search: 'green', archived: true })).products)).toEqual(['old']);
    expect(narrow(shelf, view({ search: 'mango' })).total).toBe(0);
    expect(ids(narrow(shelf, view({ search: '   ' })).products)).toHaveLength(7);
  });

  it('searches the SKU too, in any case', () => {
    expect(ids(narrow(shelf, view({ search: 'rice-5' })).products)).toEqual(['rice']);
    expect(ids(narrow(shelf, view({ search: 'ICE-' })).products)).toEqual(['rice']);
  });

  it('filters by category', () => {
    expect(ids(narrow(shelf, view({ category: 'Drinks' })).products)).toEqual(['tea', 'juice']);
    expect(ids(narrow(shelf, view({ category: 'Vegetables' })).products)).toEqual([]);
  });

  it('filters by stock: in, out (switched off or none left), low (counted, at most LOW_STOCK, none left included)', () => {
    expect(ids(narrow(shelf, view({ stock: 'in' })).products)).toEqual(['tea', 'milk', 'rice', 'juice']);
    expect(ids(narrow(shelf, view({ stock: 'out' })).products)).toEqual(['bread', 'off', 'noodles']);
    // LOW_STOCK units is low, one more is not; 0 left and switched off with few units are low too (to restock); uncounted is never low.
    expect(ids(narrow(shelf, view({ stock: 'low' })).products)).toEqual(['milk', 'bread', 'juice', 'off']);
    expect(narrow([product({ _id: 'x', stock: LOW_STOCK + 1 })], view({ stock: 'low' })).total).toBe(0);
  });

  it('combines search, category and stock', () => {
    expect(ids(narrow(shelf, view({ search: 'a', category: 'Drinks', stock: 'low' })).products)).toEqual(['juice']);
    expect(ids(narrow(shelf, view({ search: 'tea', stock: 'out' })).products)).toEqual([]);
  });

  it('sorts by name, ignoring case', () => {
    expect(ids(narrow(shelf, view({ sort: 'name' })).products)).toEqual(['juice', 'bread', 'milk', 'off', 'tea', 'rice', 'noodles']);
  });

  it('sorts by offer price either way, ties by name', () => {
    expect(ids(narrow(shelf, view({ sort: 'price' })).products)).toEqual(['noodles', 'milk', 'off', 'bread', 'juice', 'rice', 'tea']);
    expect(ids(narrow(shelf, view({ sort: 'price-desc' })).products)).toEqual(['tea', 'rice', 'juice', 'bread', 'milk', 'off', 'noodles']);
  });

  it('sorts by counted units, fewest first, the uncounted last by name', () => {
    expect(ids(narrow(shelf, view({ sort: 'stock' })).products)).toEqual(['bread', 'juice', 'off', 'milk', 'tea', 'rice', 'noodles']);
  });

  it('does not change the list it is given', () => {
    const copy = [...shelf];
    narrow(shelf, view({ sort: 'name' }));
    expect(shelf).toEqual(copy);
  });

  describe('paging', () => {
    const many = Array.from({ length: 45 }, (_, i) => product({ _id: `p${i + 1}` }));

    it('cuts pages of the size given and counts them', () => {
      const first = narrow(many, view(), 20);
      expect(first).toMatchObject({ page: 1, pages: 3, total: 45, first: 0 });
      expect(ids(first.products)).toEqual(ids(many.slice(0, 20)));
      const last = narrow(many, view({ page: 3 }), 20);
      expect(last).toMatchObject({ page: 3, pages: 3, first: 40 });
      expect(ids(last.products)).toEqual(['p41', 'p42', 'p43', 'p44', 'p45']);
    });

    it('fills the last page exactly and adds none when the count divides evenly', () => {
      const forty = many.slice(0, 40);
      expect(narrow(forty, view({ page: 2 }), 20)).toMatchObject({ page: 2, pages: 2, first: 20 });
      expect(narrow(forty, view({ page: 2 }), 20).products).toHaveLength(20);
    });

    it('shows the last page when asked past the end, the first when asked before it', () => {
      expect(narrow(many, view({ page: 9 }), 20)).toMatchObject({ page: 3, first: 40 });
      expect(narrow(many, view({ page: 0 }), 20)).toMatchObject({ page: 1, first: 0 });
      expect(narrow(many, view({ page: -2 }), 20)).toMatchObject({ page: 1 });
      expect(narrow(many, view({ page: Number.NaN }), 20)).toMatchObject({ page: 1 });
    });

    it('has one empty page when nothing matches', () => {
      expect(narrow(many, view({ search: 'none', page: 2 }), 20)).toEqual({ products: [], page: 1, pages: 1, total: 0, first: 0 });
      expect(narrow([], view(), 20)).toMatchObject({ page: 1, pages: 1, total: 0 });
    });

    it('pages the narrowed, sorted list', () => {
      const page2 = narrow(many, view({ sort: 'name', search: 'p1', page: 2 }), 5);
      // p1, p10..p19: eleven matches in natural order, five a page.
      expect(page2).toMatchObject({ page: 2, pages: 3, total: 11, first: 5 });
      expect(ids(page2.products)).toEqual(['p14', 'p15', 'p16', 'p17', 'p18']);
    });
  });
});

describe('readView and writeView', () => {
  it('read the defaults from an empty query and write none for them', () => {
    expect(readView(new URLSearchParams())).toEqual(view());
    expect(writeView(view()).toString()).toBe('');
  });

  it('read what the dashboard links to', () => {
    expect(readView(new URLSearchParams('stock=low'))).toEqual(view({ stock: 'low' }));
    expect(readView(new URLSearchParams('stock=out'))).toEqual(view({ stock: 'out' }));
  });

  it('round-trip every field', () => {
    const v = view({ archived: true, search: 'red rice', category: 'Grains', stock: 'in', sort: 'price-desc', page: 3 });
    const query = writeView(v).toString();
    expect(query).toBe('show=archived&q=red+rice&category=Grains&stock=in&sort=price-desc&page=3');
    expect(readView(new URLSearchParams(query))).toEqual(v);
  });

  it('take the default for anything unknown', () => {
    expect(readView(new URLSearchParams('show=all&category=Toys&stock=some&sort=random&page=x'))).toEqual(view());
    expect(readView(new URLSearchParams('category=grains&page=-4'))).toEqual(view());
    expect(readView(new URLSearchParams('page=1'))).toEqual(view());
  });
});
