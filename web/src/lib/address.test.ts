import { describe, expect, it } from 'vitest';
import type { Address } from './contract';
import { addressLine, addressLines, telHref } from './address';

const spec: Address = { _id: 'a1', firstName: 'Sita', lastName: 'Gurung', email: 's@example.com', street: 'Lakeside 4', city: 'Pokhara', state: 'Gandaki', zipcode: '33700', country: 'Nepal', phone: '9811111111' };
const nepali: Address = { ...spec, email: '', zipcode: '', street: 'Jhamsikhel', city: 'Lalitpur Metropolitan City', state: 'Bagmati', district: 'Lalitpur', ward: 3, landmark: 'opposite Bhatbhateni' };

describe('addressLines', () => {
  it('writes a spec address as before', () => {
    expect(addressLines(spec)).toEqual(['Lakeside 4', 'Pokhara', 'Gandaki 33700', 'Nepal']);
    expect(addressLine(spec)).toBe('Lakeside 4, Pokhara, Gandaki, Nepal');
  });

  it('adds the ward and district of a Nepali address, and leaves out an empty zip code', () => {
    expect(addressLines(nepali)).toEqual(['Jhamsikhel, Ward 3', 'Lalitpur Metropolitan City, Lalitpur', 'Bagmati', 'Nepal']);
    expect(addressLine({ ...nepali, zipcode: '44700' })).toBe('Jhamsikhel, Ward 3, Lalitpur Metropolitan City, Lalitpur, Bagmati, Nepal');
  });
});

describe('telHref', () => {
  it('calls a Nepali mobile number with the country code, any other as written', () => {
    expect(telHref('9841234567')).toBe('tel:+9779841234567');
    expect(telHref('+1 (555) 010-2000')).toBe('tel:+15550102000');
    expect(telHref('01-4123456')).toBe('tel:014123456');
  });
});
