// Devanagari digits: Nepali texts write numbers with ०१२३४५६७८९ rather than 0123456789.

const devanagari = '०१२३४५६७८९';

/** toDevanagariDigits writes every ASCII digit of s as its Devanagari digit ("12 left" -> "१२ left"); all else is kept. */
export function toDevanagariDigits(s: string): string {
  return s.replace(/[0-9]/g, (d) => devanagari.charAt(d.charCodeAt(0) - 48));
}
