// Devanagari digits: Nepali texts write numbers with ०१२३४५६७८९ rather than 0123456789.

const devanagari = '०१२३४५६७८९';

/** toDevanagariDigits writes every ASCII digit of s as its Devanagari digit ("12 left" -> "१२ left"); all else is kept. */
export function toDevanagariDigits(s: string): string {
  return s.replace(/[0-9]/g, (d) => devanagari.charAt(d.charCodeAt(0) - 48));
}

/** toAsciiDigits writes every Devanagari digit of s as its ASCII digit ("वडा १०" -> "वडा 10"); all else is kept. */
export function toAsciiDigits(s: string): string {
  return s.replace(/[०-९]/g, (d) => String(devanagari.indexOf(d)));
}

/**
 * withAsciiDigits makes an input's change handler read the Devanagari digits typed on a Nepali
 * keyboard as ASCII ones: the input shows, and the handler reads, "10" for "१०". Every input of a
 * number (a ward, a price, a count, a weight, a code, a phone) takes its changes through it.
 */
export function withAsciiDigits<E extends { target: { value: string } }>(onChange?: (e: E) => void): (e: E) => void {
  return (e) => {
    const ascii = toAsciiDigits(e.target.value);
    if (ascii !== e.target.value) e.target.value = ascii;
    onChange?.(e);
  };
}
