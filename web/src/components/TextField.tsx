import type { ComponentProps } from 'react';
import { withAsciiDigits } from '../i18n/digits';
import { inputClass } from './styles';

type Props = ComponentProps<'input'> & {
  label: string;
  /** labelClass styles the label that wraps the field. */
  labelClass?: string;
};

/** numberModes are the keyboards of fields that hold a number. */
const numberModes = new Set(['numeric', 'decimal', 'tel']);

/**
 * TextField is a labelled input of the store's forms; every other prop goes to the input. A field
 * of a number (type number or tel, or a numeric keyboard) takes Devanagari digits as ASCII ones, so
 * it is a text field with a numeric keyboard: a browser's number field refuses them.
 */
export default function TextField({ label, labelClass = 'block', className = '', ...input }: Props) {
  const number = input.type === 'number' || input.type === 'tel' || numberModes.has(input.inputMode ?? '');
  const props = number
    ? { ...input, type: input.type === 'number' ? 'text' : input.type, inputMode: input.inputMode ?? 'numeric', onChange: withAsciiDigits(input.onChange) }
    : input;
  return (
    <label className={labelClass}>
      {label}
      <input className={`${inputClass} ${className}`} {...props} />
    </label>
  );
}
