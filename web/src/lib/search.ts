// Search that finds a product however a shopper in Nepal writes its name: in Devanagari (आलु) or
// in one of the common romanisations (aalu, alu, aloo). Both the name and the query are turned
// into the same rough Latin key: Devanagari is transliterated, and the spellings that vary most
// between writers (long vowels doubled or not, w/v, sh/s, ph/f, the silent a between consonants)
// are written one way.

const consonants: Record<string, string> = {
  क: 'k', ख: 'kh', ग: 'g', घ: 'gh', ङ: 'ng', च: 'ch', छ: 'chh', ज: 'j', झ: 'jh', ञ: 'n',
  ट: 't', ठ: 'th', ड: 'd', ढ: 'dh', ण: 'n', त: 't', थ: 'th', द: 'd', ध: 'dh', न: 'n',
  प: 'p', फ: 'ph', ब: 'b', भ: 'bh', म: 'm', य: 'y', र: 'r', ल: 'l', व: 'v', श: 'sh', ष: 'sh', स: 's', ह: 'h',
};
const vowels: Record<string, string> = { अ: 'a', आ: 'aa', इ: 'i', ई: 'ii', उ: 'u', ऊ: 'uu', ऋ: 'ri', ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au' };
const vowelSigns: Record<string, string> = { 'ा': 'aa', 'ि': 'i', 'ी': 'ii', 'ु': 'u', 'ू': 'uu', 'ृ': 'ri', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au' };
const nasals = new Set(['ं', 'ँ']);
const virama = '्';
const digits = '०१२३४५६७८९';

/** transliterate writes Devanagari in Latin letters; a consonant's inherent a is dropped at a word's end, as Nepali speaks it. */
export function transliterate(text: string): string {
  let out = '';
  let inherent = false; // the last consonant still carries its a
  for (const ch of text.normalize('NFC').replace(/\u093C/g, '')) {
    const consonant = consonants[ch];
    if (consonant !== undefined) {
      if (inherent) out += 'a';
      out += consonant;
      inherent = true;
      continue;
    }
    const sign = vowelSigns[ch];
    if (sign !== undefined || ch === virama) {
      out += sign ?? '';
      inherent = false;
      continue;
    }
    if (inherent && !nasals.has(ch) && ch !== 'ः') {
      // The a of a consonant before a vowel is spoken; before a space or the end it is not.
      if (vowels[ch] !== undefined) out += 'a';
    } else if (inherent) out += 'a';
    inherent = false;
    if (nasals.has(ch)) out += 'n';
    else if (ch === 'ः') out += 'h';
    else if (vowels[ch] !== undefined) out += vowels[ch];
    else if (digits.includes(ch)) out += String(digits.indexOf(ch));
    else out += ch;
  }
  return out;
}

const consonantClass = 'bcdfghjklmnpqrstvwxyz';
const silentA = new RegExp(`([${consonantClass}])a(?=[${consonantClass}])`, 'g');

/** searchKey is the rough Latin key a name or a query is compared by: "आलु", "Aalu" and "aloo" all give "alu". */
export function searchKey(text: string): string {
  return transliterate(text.toLowerCase())
    .replace(/aa/g, 'a')
    .replace(/ee|ii/g, 'i')
    .replace(/oo|uu/g, 'u')
    .replace(/w/g, 'v')
    .replace(/chh/g, 'ch')
    .replace(/sh/g, 's')
    .replace(/ph/g, 'f')
    .replace(/z/g, 'j')
    .replace(/q/g, 'k')
    .replace(silentA, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Searchable is what a search compares: every name of a product, and their keys. */
export interface Searchable {
  names: string[];
  keys: string;
}

/** searchable prepares names for matches: lower-cased, and their keys. */
export const searchable = (names: (string | undefined)[]): Searchable => {
  const present = names.filter((n): n is string => !!n);
  return { names: present.map((n) => n.toLowerCase()), keys: present.map(searchKey).join('\n') };
};

/** matches says whether a query finds the names: one of them contains it, ignoring case, or their keys contain its key. */
export function matches(s: Searchable, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  if (s.names.some((n) => n.includes(q))) return true;
  const key = searchKey(q);
  return key !== '' && s.keys.includes(key);
}
