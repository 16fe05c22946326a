import type { ComponentProps } from 'react';
import { inputClass } from './styles';

type Props = ComponentProps<'input'> & {
  label: string;
  /** labelClass styles the label that wraps the field. */
  labelClass?: string;
};

/** TextField is a labelled input of the store's forms; every other prop goes to the input. */
export default function TextField({ label, labelClass = 'block', className = '', ...input }: Props) {
  return (
    <label className={labelClass}>
      {label}
      <input className={`${inputClass} ${className}`} {...input} />
    </label>
  );
}
