// A product's weight or pack size in Nepali: the seller writes it once, in English ("1 kg",
// "12 pcs", "5 × 75 g", "1 pc (about 500 g)"); Nepali readers see its units in Nepali and its
// numbers in Devanagari. Words it does not know are kept as written.
import { toDevanagariDigits } from './digits';

/** nepaliUnits are the words of a weight with their Nepali, by the word as written in lower case. */
export const nepaliUnits: Record<string, string> = {
  kg: 'के.जी.',
  g: 'ग्राम',
  gm: 'ग्राम',
  l: 'लिटर',
  ltr: 'लिटर',
  ml: 'मि.लि.',
  pc: 'वटा',
  pcs: 'वटा',
  piece: 'वटा',
  pieces: 'वटा',
  bunch: 'मुठा',
  dozen: 'दर्जन',
  pound: 'पाउन्ड',
  lb: 'पाउन्ड',
  pack: 'प्याकेट',
  packet: 'प्याकेट',
  about: 'करिब',
};

/** nepaliWeight writes a weight for Nepali readers: "1 pc (about 500 g)" → "१ वटा (करिब ५०० ग्राम)". */
export function nepaliWeight(weight: string): string {
  // A unit may follow its number directly ("500g"), so a word starts after a digit too.
  const words = weight.replace(/(?<![A-Za-z])[A-Za-z]+(?![A-Za-z])/g, (w) => nepaliUnits[w.toLowerCase()] ?? w);
  return toDevanagariDigits(words.replace(/(\d)(?=[A-Za-z]|\p{Script=Devanagari})/gu, '$1 '));
}

/** gramsText writes a weight in grams as the shop shows it in English: "750 g" below a kilogram, "1 kg", "1.25 kg" from it. */
export function gramsText(grams: number): string {
  if (grams < 1000) return `${grams} g`;
  return `${Number((grams / 1000).toFixed(3))} kg`;
}
