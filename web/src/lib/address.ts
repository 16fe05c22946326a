// How an address is written wherever the storefront shows one: the cart's picker, My Orders, the
// seller's orders and the packing slip. A Nepali address adds its ward, district and landmark to
// the spec's fields; one from the spec's form reads as it always did.
import { t } from '../i18n';
import { DISTRICTS, NEPAL, PROVINCES, type Address } from './contract';

/** placeName is a province's or district's name in the storefront's language, or the name as stored when the lists do not know it. */
export function placeName(stored: string): string {
  const place = PROVINCES.find((p) => p.name === stored) ?? DISTRICTS.find((d) => d.name === stored);
  return place ? t.address.placeName({ english: place.name, nepali: place.nepali }) : stored;
}

/**
 * addressLines are an address's lines, without the person and the phone: tole or street with the
 * ward, municipality or city with the district, province or state with the zip code, country (Nepal
 * in the storefront's language).
 * withZip false leaves the zip code out, for a one-line summary.
 */
export function addressLines(a: Address, withZip = true): string[] {
  const join = (parts: (string | undefined)[], sep = ', ') => parts.filter((p) => p).join(sep);
  return [
    join([a.street, a.ward ? t.address.wardNumber(a.ward) : '']),
    join([a.city, a.district ? placeName(a.district) : '']),
    join([placeName(a.state), withZip ? a.zipcode : ''], ' '),
    a.country === NEPAL ? t.address.nepal : a.country,
  ].filter((l) => l);
}

/** addressLine is an address on one line, as the cart's address picker shows it. */
export function addressLine(a: Address): string {
  return addressLines(a, false).join(', ');
}

/** telHref is the tap-to-call link of a phone number: a Nepali mobile number with Nepal's code, any other as written, without spaces or dashes. */
export function telHref(phone: string): string {
  return /^9[78]\d{8}$/.test(phone) ? `tel:+977${phone}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}
