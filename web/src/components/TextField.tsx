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
  const inputMode = input.inputMode ?? 'numeric';
  const props = !number
    ? input
    : input.type === 'number'
      ? // Still a field of digits only, as the number field was (a decimal one takes a point).
        { ...input, type: 'text', inputMode, pattern: input.pattern ?? (inputMode === 'decimal' ? '[0-9]*[.]?[0-9]*' : '[0-9]*'), onChange: withAsciiDigits(input.onChange) }
      : { ...input, inputMode, onChange: withAsciiDigits(input.onChange) };
  return (
    <label className={labelClass}>
      {label}
      <input className={`${inputClass} ${className}`} {...props} />
    </label>
  );
}
