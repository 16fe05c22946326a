import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nepaliWeight } from './weight';

/** cases are the weights of testdata/nepali-weight.json, which the server that draws product pages is held to as well. */
const { cases } = JSON.parse(readFileSync(resolve(__dirname, '../../../testdata/nepali-weight.json'), 'utf8')) as { cases: { weight: string; nepali: string }[] };

describe('nepaliWeight', () => {
  it.each(cases)('writes "$weight" for Nepali readers', ({ weight, nepali }) => {
    expect(nepaliWeight(weight)).toBe(nepali);
  });
});
