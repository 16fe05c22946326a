import { describe, expect, it } from 'vitest';
import { listQuery, readView, writeView, type ListView } from './productFilter';

const view = (over: Partial<ListView> = {}): ListView => ({ archived: false, search: '', category: 'all', stock: 'all', sort: 'newest', ...over });

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
    const v = view({ archived: true, search: 'red rice', category: 'Grains', stock: 'in', sort: 'price-desc' });
    const query = writeView(v).toString();
    expect(query).toBe('show=archived&q=red+rice&category=Grains&stock=in&sort=price-desc');
    expect(readView(new URLSearchParams(query))).toEqual(v);
  });

  it('take the default for anything unknown, and leave out the pages an older link names', () => {
    expect(readView(new URLSearchParams('show=all&category=Toys&stock=some&sort=random&page=x'))).toEqual(view());
    expect(readView(new URLSearchParams('category=grains&page=3'))).toEqual(view());
  });
});

describe('listQuery', () => {
  it('asks the server for the tab always, and for the search, filters and order only when chosen', () => {
    expect(listQuery(view())).toEqual({ archived: 'false' });
    expect(listQuery(view({ archived: true, search: '  red rice ', category: 'Grains', stock: 'low', sort: 'stock' }))).toEqual({
      archived: 'true', q: 'red rice', category: 'Grains', stock: 'low', sort: 'stock',
    });
    expect(listQuery(view({ search: '   ' }))).toEqual({ archived: 'false' });
  });
});
