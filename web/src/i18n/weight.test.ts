import { describe, expect, it } from 'vitest';
import { nepaliWeight } from './weight';

describe('nepaliWeight', () => {
  it('writes units in Nepali and numbers in Devanagari', () => {
    expect(nepaliWeight('1 kg')).toBe('१ के.जी.');
    expect(nepaliWeight('1.5 L')).toBe('१.५ लिटर');
    expect(nepaliWeight('12 pcs')).toBe('१२ वटा');
    expect(nepaliWeight('5 × 75 g')).toBe('५ × ७५ ग्राम');
    expect(nepaliWeight('1 pc (about 500 g)')).toBe('१ वटा (करिब ५०० ग्राम)');
    expect(nepaliWeight('1 bunch')).toBe('१ मुठा');
    expect(nepaliWeight('1 dozen')).toBe('१ दर्जन');
  });

  it('reads a unit written against its number, in any case', () => {
    expect(nepaliWeight('500g')).toBe('५०० ग्राम');
    expect(nepaliWeight('2 KG')).toBe('२ के.जी.');
    expect(nepaliWeight('2-3 pcs')).toBe('२-३ वटा');
  });

  it('keeps words it does not know, and Nepali already written', () => {
    expect(nepaliWeight('1 jar')).toBe('१ jar');
    expect(nepaliWeight('१ के.जी.')).toBe('१ के.जी.');
    expect(nepaliWeight('')).toBe('');
  });
});
