import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '../components/TextField';
import { toAsciiDigits, toDevanagariDigits } from './digits';

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

describe('toAsciiDigits', () => {
  it('writes each Devanagari digit as its ASCII digit, and keeps the rest', () => {
    expect(toAsciiDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(toAsciiDigits('वडा १०, 44600')).toBe('वडा 10, 44600');
  });
});

/** Ward is a field of a number as a form holds it, with what it last read. */
function Ward({ type }: { type?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TextField label="Ward" type={type} inputMode={type ? undefined : 'numeric'} value={value} onChange={(e) => setValue(e.target.value)} />
      <output>{value}</output>
    </>
  );
}

describe('a field of a number', () => {
  it('takes digits typed on a Nepali keyboard as ASCII ones', async () => {
    render(<Ward />);
    await userEvent.type(screen.getByLabelText('Ward'), '१०');
    expect(screen.getByLabelText('Ward')).toHaveValue('10');
    expect(screen.getByRole('status')).toHaveTextContent('10');
  });

  it('is a text field with a numeric keyboard where a number field was asked for: a browser’s number field refuses them', async () => {
    render(<Ward type="number" />);
    const ward = screen.getByLabelText('Ward');
    expect(ward).toHaveAttribute('type', 'text');
    expect(ward).toHaveAttribute('inputmode', 'numeric');
    expect(ward).toHaveAttribute('pattern', '[0-9]*');
    await userEvent.type(ward, '३५');
    expect(ward).toHaveValue('35');
  });
});
