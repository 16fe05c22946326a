import { describe, expect, it } from 'vitest';
import { en as storeEn } from './en';
import { ne as storeNe } from './ne';
import { sellerEn } from './seller-en';
import { sellerNe } from './seller-ne';
import { ordersEn } from './orders-en';
import { ordersNe } from './orders-ne';
import { accountEn } from './account-en';
import { accountNe } from './account-ne';
import { helpEn } from './help-en';
import { helpNe } from './help-ne';
import { toDevanagariDigits } from './digits';

// Every text, the seller area's, the orders', the account page's and the help centre's too.
const en = { ...storeEn, ...sellerEn, ...ordersEn, ...accountEn, ...helpEn };
const ne = { ...storeNe, ...sellerNe, ...ordersNe, ...accountNe, ...helpNe };

/** Leaf is one text of a catalogue: a string, or a function that words values, at its path ("cart.items"). */
interface Leaf {
  path: string;
  value: unknown;
}

/** leaves lists every string and function of a catalogue, walking objects and lists. */
function leaves(node: unknown, path = ''): Leaf[] {
  if (typeof node === 'string' || typeof node === 'function') return [{ path, value: node }];
  if (Array.isArray(node)) return node.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (node !== null && typeof node === 'object') {
    return Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  }
  return [{ path, value: node }];
}

const enLeaves = new Map(leaves(en).map((l) => [l.path, l.value]));
const neLeaves = new Map(leaves(ne).map((l) => [l.path, l.value]));

const devanagari = /\p{Script=Devanagari}/u;

/** latinOnly are the texts that stay as they are in Nepali: brand names, addresses, a phone number. */
const latinOnly = new Set([
  'login.emailPlaceholder',
  'login.phonePlaceholder',
  'footer.social.instagram',
  'footer.social.facebook',
  'footer.social.tiktok',
  'footer.social.youtube',
  'payment.providers.esewa',
  'payment.providers.khalti',
]);

/** samples are values to call the catalogue's functions with; every output must read as Nepali. */
const samples: Record<string, unknown[]> = {
  'nav.cart': [3],
  'footer.copyright': [2026, 'हाट'],
  'landing.steps': [true],
  'product.addNamed': ['Potato'],
  'product.maxReached': [10],
  'product.onlyLeft': [3],
  'products.results': ['aalu'],
  'cart.items': [2],
  'cart.lowered': ['Potato', 5, 3],
  'orders.orderLabel': [42],
  'orders.placedAt': ['2026-11-22T10:05:00Z'],
  'orders.placedAtIn': ['2026-11-22T10:05:00Z', 'Asia/Kathmandu'],
  'orders.cancelAsk': [42],
  'orders.reordered': [2],
  'orders.notAvailable': [['Potato', 'Milk', 'Bread']],
  'seller.shownOf': [20, 42],
  'seller.dash.asked': [3],
  'seller.slip.toCollect': ['Rs. 1,250.00'],
  'help.feeA': [{ freeAbove: 'Rs. 1,000', fee: 'Rs. 75' }],
  'help.payA': [['eSewa', 'Khalti']],
  'help.payIntro': [false],
  'alerts.badge': [2],
  'login.codeSentTo': ['9812345678'],
  'login.resendIn': [42],
  'login.devCode': ['123456'],
  'address.wardNumber': [3],
  'address.placeName': [{ english: 'Bagmati', nepali: 'बागमती' }],
  'address.landmarkShown': ['opposite Bhatbhateni, blue gate'],
  'slots.time': ['08:00', '10:00'],
  'slots.left': [2],
  'slots.day': ['2026-11-24'],
  'slots.shown': ['मंगल, २४ नोभेम्बर', '०८:००–१०:००'],
  'slots.remove': ['०८:००–१०:००'],
  'substitute.offerLabel': ['धनियाँ'],
  'substitute.offer': ['धनियाँ', 'पार्सले × २', 'रु ३०'],
  'substitute.answerBy': ['2026-11-22T10:42:00Z'],
  'substitute.sent': ['पार्सले × २', 'रु ३०'],
  'substitute.refused': ['पार्सले × २'],
  'substitute.insteadOf': ['पार्सले × २', 'धनियाँ'],
  'substitute.instead': ['पार्सले × २'],
};

describe('the Nepali catalogue', () => {
  it('has every text of the English one, and nothing else', () => {
    const missing = [...enLeaves.keys()].filter((p) => !neLeaves.has(p));
    const extra = [...neLeaves.keys()].filter((p) => !enLeaves.has(p));
    expect(missing).toEqual([]);
    expect(extra).toEqual([]);
  });

  it('has a function where English has one, taking as many values', () => {
    const wrong = [...enLeaves].flatMap(([path, e]) => {
      const n = neLeaves.get(path);
      if (typeof e !== typeof n) return [`${path}: ${typeof n} instead of ${typeof e}`];
      if (typeof e === 'function' && typeof n === 'function' && e.length !== n.length) return [`${path}: ${n.length} values instead of ${e.length}`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('leaves no text empty that English fills', () => {
    const empty = [...neLeaves].filter(([path, v]) => typeof v === 'string' && v.trim() === '' && enLeaves.get(path) !== '').map(([p]) => p);
    expect(empty).toEqual([]);
  });

  it('keeps brand names and addresses as English writes them', () => {
    for (const path of latinOnly) {
      expect(enLeaves.has(path), path).toBe(true);
      expect(neLeaves.get(path), path).toBe(enLeaves.get(path));
    }
  });

  it('writes its texts in Devanagari', () => {
    const texts = [...neLeaves].filter(([path, v]) => typeof v === 'string' && v !== '' && !latinOnly.has(path));
    const latin = texts.filter(([, v]) => !devanagari.test(v as string)).map(([p]) => p);
    expect(latin.length / texts.length, `not in Devanagari: ${latin.join(', ')}`).toBeLessThanOrEqual(0.1);
  });

  it('words values in Nepali, with Devanagari digits', () => {
    for (const [path, args] of Object.entries(samples)) {
      const f = neLeaves.get(path);
      expect(typeof f, path).toBe('function');
      const out: unknown = (f as (...a: unknown[]) => unknown)(...args);
      const texts = leaves(out).map((l) => l.value);
      // Text handed in (names, amounts, a time zone) is placed as it is; every other digit is Devanagari.
      const given = leaves(args).flatMap((l) => (typeof l.value === 'string' ? [l.value] : []));
      for (const text of texts) {
        expect(typeof text, path).toBe('string');
        expect(text as string, path).toMatch(devanagari);
        const own = given.reduce((s, g) => s.split(g).join(''), text as string);
        expect(own, path).not.toMatch(/[0-9]/);
      }
    }
  });

  it('writes counts and dates with Devanagari digits', () => {
    expect(ne.product.onlyLeft(3)).toBe('३ वटा मात्र बाँकी');
    expect(ne.cart.items(12)).toBe('१२ वटा सामान');
    expect(ne.seller.unitsLeft(7)).toBe('७ बाँकी');
    expect(ne.orders.number(1042)).toBe('#१०४२');
    expect(ne.seller.shownOf(20, 45)).toBe('४५ मध्ये २० उत्पादन');
    expect(ne.cart.tax).toMatch(/^कर \([०-९]+%\)$/);
    expect(ne.orders.placedAt('2026-11-22T10:05:00Z')).toMatch(/२०२६/);
    expect(ne.orders.placedAtIn('2026-11-22T10:05:00Z', 'Asia/Kathmandu')).toBe('२०२६ नोभेम्बर २२, १५:५०');
    expect(ne.orders.placedAtIn('2026-11-22T10:05:00Z', 'Asia/Kathmandu')).not.toMatch(/[0-9]/);
  });

  it('writes delivery slots with Devanagari digits', () => {
    expect(ne.slots.time('08:00', '10:00')).toBe('०८:००–१०:००');
    expect(ne.slots.day('2026-11-24')).toBe('मंगल, २४ नोभेम्बर');
    expect(ne.slots.day('2026-11-24')).not.toMatch(/[0-9]/);
  });

  it('writes the time to answer a substitute by with Devanagari digits, in the browser\'s time', () => {
    const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date('2026-11-22T10:42:00Z'));
    expect(en.substitute.answerBy('2026-11-22T10:42:00Z')).toBe(`Answer by ${clock}`);
    expect(ne.substitute.answerBy('2026-11-22T10:42:00Z')).toBe(`${toDevanagariDigits(clock)} सम्ममा जवाफ दिनुहोस्`);
  });

  it('places an amount it is given as it is', () => {
    expect(ne.seller.slip.toCollect('Rs. 1,250.00')).toContain('Rs. 1,250.00');
    expect(ne.help.feeA({ freeFrom: 'Rs. 1,000', fee: 'Rs. 75' }, 'flat')).toContain('Rs. 1,000');
    expect(ne.cart.addForFree('रु १५०')).toContain('रु १५०');
  });

  it('joins names the Nepali way', () => {
    expect(ne.orders.notAvailable(['आलु'])).toBe('अब उपलब्ध छैन: आलु');
    expect(ne.orders.notAvailable(['आलु', 'दूध', 'पाउरोटी'])).toBe('अब उपलब्ध छैन: आलु, दूध र पाउरोटी');
  });
});
