import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, type Product } from './contract';
import { addOne, cartCount, cartLines, fewLeft, loadGuestCart, mergeCartChanges, mergeCarts, quantityLimit, removeOne, saveGuestCart, unavailableLines, setQuantity } from './cart';
import { formatMoney } from './money';
import { nameIn, photo, thumbnail } from './catalogue';

const product = (id: string, offerPrice: number, extra: Partial<Product> = {}): Product => ({
  _id: id,
  name: `Product ${id}`,
  category: 'Grains',
  price: offerPrice + 10,
  offerPrice,
  image: [`/media/catalogue/${id}.webp`],
  description: ['line'],
  inStock: true,
  stockOn: true,
  createdAt: '2026-11-22T10:00:00Z',
  ...extra,
});

describe('stock counts', () => {
  it('limits a line to the units left', () => {
    expect(quantityLimit(product('a', 1))).toBe(MAX_QUANTITY);
    expect(quantityLimit(product('a', 1, { stock: 3 }))).toBe(3);
    expect(quantityLimit(product('a', 1, { stock: 500 }))).toBe(MAX_QUANTITY);
  });
  it('says how few are left only when few are left of a product on sale', () => {
    expect(fewLeft(product('a', 1))).toBeUndefined();
    expect(fewLeft(product('a', 1, { stock: 6 }))).toBeUndefined();
    expect(fewLeft(product('a', 1, { stock: 5 }))).toBe(5);
    expect(fewLeft(product('a', 1, { stock: 1 }))).toBe(1);
    expect(fewLeft(product('a', 1, { stock: 0, inStock: false }))).toBeUndefined();
    expect(fewLeft(product('a', 1, { stock: 2, inStock: false }))).toBeUndefined();
  });
  it('brings a line down to the units left, keeping what the cart asked', () => {
    const lines = cartLines({ a: 5, b: 2 }, [product('a', 100, { stock: 3 }), product('b', 100, { stock: 3 })]);
    expect(lines.map((l) => [l.product._id, l.quantity, l.asked])).toEqual([
      ['a', 3, 5],
      ['b', 2, undefined],
    ]);
  });
});

describe('cart rules', () => {
  it('adds one at a time', () => {
    expect(addOne(addOne({}, 'a'), 'a')).toEqual({ a: 2 });
  });
  it('sets a quantity and removes at zero or less', () => {
    expect(setQuantity({ a: 2 }, 'a', 5)).toEqual({ a: 5 });
    expect(setQuantity({ a: 2, b: 1 }, 'a', 0)).toEqual({ b: 1 });
    expect(setQuantity({ a: 2 }, 'a', -3)).toEqual({});
  });
  it('removes one and deletes the item at zero', () => {
    expect(removeOne({ a: 2 }, 'a')).toEqual({ a: 1 });
    expect(removeOne({ a: 1 }, 'a')).toEqual({});
    expect(removeOne({}, 'a')).toEqual({});
  });
  it('never goes above the server limit', () => {
    expect(addOne({ a: MAX_QUANTITY }, 'a')).toEqual({ a: MAX_QUANTITY });
    expect(setQuantity({}, 'a', 250)).toEqual({ a: MAX_QUANTITY });
  });
  it('does not change the cart it is given', () => {
    const cart = { a: 1 };
    addOne(cart, 'a');
    removeOne(cart, 'a');
    expect(cart).toEqual({ a: 1 });
  });
  it('merges a guest cart into the saved one, adding quantities up to the cap', () => {
    expect(mergeCarts({ a: 2, b: 99 }, { a: 1, b: 5, c: 3 })).toEqual({ a: 3, b: MAX_QUANTITY, c: 3 });
    expect(mergeCarts({ a: 1 }, {})).toEqual({ a: 1 });
  });
  it('counts positive quantities', () => {
    expect(cartCount({ a: 2, b: 3 })).toBe(5);
    expect(cartCount({ a: 0, b: -1, c: 1 })).toBe(1);
  });
  it('keeps a guest cart in local storage and ignores junk there', () => {
    saveGuestCart({ a: 2 });
    expect(loadGuestCart()).toEqual({ a: 2 });
    localStorage.setItem('haat.guestCart', '{"a":"x","b":3,"c":-1}');
    expect(loadGuestCart()).toEqual({ b: 3 });
    localStorage.setItem('haat.guestCart', 'not json');
    expect(loadGuestCart()).toEqual({});
    saveGuestCart({});
    expect(localStorage.getItem('haat.guestCart')).toBeNull();
  });
});

describe('totals', () => {
  it('counts only known, in-stock products', () => {
    const lines = cartLines({ a: 1, b: 2, gone: 4 }, [product('a', 49.5), product('b', 10, { inStock: false })]);
    expect(lines.map((l) => l.product._id)).toEqual(['a']);
  });
  it('formats money for display', () => {
    expect(formatMoney(295, 'USD', 'en')).toBe('$295');
    expect(formatMoney(601.8, 'USD', 'en')).toBe('$601.80');
    expect(formatMoney(165.5, 'NPR', 'en')).toBe('Rs. 165.50');
  });
});

describe('catalogue helpers', () => {
  it('names a product in Nepali where it has a Nepali name, in English otherwise', () => {
    const potato = { name: 'Potato (Aalu)', nameNe: 'आलु' };
    expect([nameIn(potato, 'ne'), nameIn(potato, 'en'), nameIn({ name: 'Cola' }, 'ne')]).toEqual(['आलु', 'Potato (Aalu)', 'Cola']);
  });
  it('uses the thumbnail of uploaded photos only', () => {
    expect(thumbnail('/media/uploads/abc.jpg')).toBe('/media/uploads/abc-400.jpg');
    expect(thumbnail('/media/uploads/abc.png')).toBe('/media/uploads/abc-400.png');
    expect(thumbnail('/media/catalogue/rice.webp')).toBe('/media/catalogue/rice.webp');
  });
  it('offers every size the server keeps of an uploaded photo, and a catalogue picture as it is', () => {
    expect(photo('/media/uploads/abc.jpg', '50vw')).toEqual({
      src: '/media/uploads/abc-400.jpg',
      srcSet: '/media/uploads/abc-200.jpg 200w, /media/uploads/abc-400.jpg 400w, /media/uploads/abc-800.jpg 800w, /media/uploads/abc.jpg 1200w',
      sizes: '50vw',
    });
    expect(photo('/media/catalogue/rice.webp', '50vw')).toEqual({ src: '/media/catalogue/rice.webp' });
    expect(photo(undefined, '50vw')).toEqual({});
  });
});

describe('merging two tabs\' changes of one cart', () => {
  it('takes the side that changed a line', () => {
    // I added dal; they added milk and took rice to 3.
    expect(mergeCartChanges({ rice: 1 }, { rice: 1, dal: 2 }, { rice: 3, milk: 1 })).toEqual({ rice: 3, dal: 2, milk: 1 });
  });
  it('keeps both sides\' additions to one line', () => {
    expect(mergeCartChanges({ rice: 1 }, { rice: 2 }, { rice: 3 })).toEqual({ rice: 4 });
    expect(mergeCartChanges({}, { rice: 1 }, { rice: 1 })).toEqual({ rice: 2 });
  });
  it('keeps a removal the other side did not touch, and an order that emptied the cart', () => {
    expect(mergeCartChanges({ rice: 1, dal: 1 }, { dal: 1 }, { rice: 1, dal: 1, milk: 1 })).toEqual({ dal: 1, milk: 1 });
    // Another device ordered everything; this tab had only added noodles since.
    expect(mergeCartChanges({ rice: 2 }, { rice: 2, noodles: 1 }, {})).toEqual({ noodles: 1 });
  });
  it('applies my difference to their quantity when both changed, within the limits', () => {
    expect(mergeCartChanges({ rice: 2 }, {}, { rice: 5 })).toEqual({ rice: 3 });
    expect(mergeCartChanges({ rice: 2 }, { rice: 1 }, { rice: 1 })).toEqual({});
    expect(mergeCartChanges({ rice: 50 }, { rice: 90 }, { rice: 80 })).toEqual({ rice: MAX_QUANTITY });
  });
});

describe('unavailable lines', () => {
  it('lists out-of-stock products and products no longer sold, apart from the orderable lines', () => {
    const list = [product('a', 1), product('b', 2, { inStock: false })];
    const cart = { a: 1, b: 2, gone: 3 };
    expect(cartLines(cart, list).map((l) => l.product._id)).toEqual(['a']);
    expect(unavailableLines(cart, list)).toEqual([
      { id: 'b', product: list[1], quantity: 2 },
      { id: 'gone', quantity: 3 },
    ]);
    expect(cartCount(cart)).toBe(6);
  });
});
