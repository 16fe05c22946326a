import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Currency, Language } from './contract';
import { formatMinor, formatMoney, currencySymbol } from './money';

interface MoneyCase {
  minor: number;
  currency: Currency;
  lang: Language;
  major?: number;
  fixed?: boolean;
  text: string;
}

// The server's formatter is held to the same cases (currency_test.go).
const { cases } = JSON.parse(readFileSync(resolve(__dirname, '../../../testdata/money-format.json'), 'utf8')) as { cases: MoneyCase[] };

describe('formatMinor and formatMoney', () => {
  it('read the shared table of cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
  });
  it('write every case of the shared table as the server does', () => {
    for (const c of cases) {
      const options = { fixed: c.fixed ?? false };
      expect([c, formatMinor(c.minor, c.currency, c.lang, options)]).toEqual([c, c.text]);
      expect([c, formatMoney(c.major ?? c.minor / 100, c.currency, c.lang, options)]).toEqual([c, c.text]);
    }
  });
});

describe('currencySymbol', () => {
  it('names the currency as a label in each language does', () => {
    expect([currencySymbol('NPR', 'en'), currencySymbol('NPR', 'ne'), currencySymbol('USD', 'ne')]).toEqual(['Rs.', 'रु', '$']);
  });
});
