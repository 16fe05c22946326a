import { describe, expect, it } from 'vitest';
import { matches, searchable, searchKey, transliterate } from './search';

describe('transliterate', () => {
  it('writes Devanagari in Latin letters, without the silent final a', () => {
    expect(transliterate('आलु')).toBe('aalu');
    expect(transliterate('प्याज')).toBe('pyaaj');
    expect(transliterate('गोलभेडा')).toBe('golabhedaa');
    expect(transliterate('केराउ')).toBe('keraau');
    expect(transliterate('दाल भात')).toBe('daal bhaat');
    expect(transliterate('१२ वटा')).toBe('12 vataa');
  });
});

describe('searchKey', () => {
  it('gives one key to the ways a name is written', () => {
    for (const spelling of ['आलु', 'aalu', 'alu', 'Aloo', 'ALU']) expect([spelling, searchKey(spelling)]).toEqual([spelling, 'alu']);
    expect(searchKey('गोलभेडा')).toBe(searchKey('golbheda'));
    expect(searchKey('प्याज')).toBe(searchKey('pyaj'));
    expect(searchKey('भण्टा')).toBe(searchKey('bhanta'));
    expect(searchKey('कागती')).toBe(searchKey('kagati'));
    expect(searchKey('साग')).toBe(searchKey('saag'));
  });
});

describe('matches', () => {
  const potatoes = searchable(['Potato (Aalu)', 'आलु']);
  const tomatoes = searchable(['Tomato (Golbheda)', 'गोलभेडा']);
  it('finds the same potatoes in both scripts and the common romanisations', () => {
    for (const q of ['आलु', 'aalu', 'alu', 'aloo', 'Potato', 'pot', 'आ']) expect([q, matches(potatoes, q)]).toEqual([q, true]);
  });
  it('finds what the name contains, ignoring case, as before', () => {
    expect(matches(tomatoes, 'TOMATO')).toBe(true);
    expect(matches(tomatoes, 'mat')).toBe(true);
    expect(matches(tomatoes, 'गोल')).toBe(true);
  });
  it('does not find what the names do not hold', () => {
    for (const q of ['tomato', 'golbheda', 'pyaj', 'xyz']) expect([q, matches(potatoes, q)]).toEqual([q, false]);
    expect(matches(tomatoes, 'aalu')).toBe(false);
  });
  it('lets an empty query find everything', () => {
    expect(matches(potatoes, '  ')).toBe(true);
  });
});
