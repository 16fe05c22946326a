import { describe, expect, it } from 'vitest';
import { toDevanagariDigits } from './digits';

describe('toDevanagariDigits', () => {
  it('writes each ASCII digit as its Devanagari digit', () => {
    expect(toDevanagariDigits('0123456789')).toBe('०१२३४५६७८९');
  });

  it('keeps everything that is not a digit', () => {
    expect(toDevanagariDigits('#1,23,456.50 बाँकी')).toBe('#१,२३,४५६.५० बाँकी');
    expect(toDevanagariDigits('-7')).toBe('-७');
    expect(toDevanagariDigits('')).toBe('');
    expect(toDevanagariDigits('कुनै अङ्क छैन')).toBe('कुनै अङ्क छैन');
  });

  it('leaves digits that are already Devanagari alone', () => {
    expect(toDevanagariDigits('१2३')).toBe('१२३');
  });
});
