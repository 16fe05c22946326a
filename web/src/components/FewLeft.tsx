import { t } from '../i18n';
import type { Product } from '../lib/contract';
import { fewLeft } from '../lib/cart';

/** LeftNote is a note of how few units are left, in the store's warning style. */
export function LeftNote({ text, className = '', ...rest }: { text: string; className?: string; 'data-ahead'?: string }) {
  return (
    <p {...rest} className={`w-fit rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700 ${className}`}>
      {text}
    </p>
  );
}

/** OnlyLeft says "Only 3 left" of a product, in the store's warning style. */
export function OnlyLeft({ left, className = '' }: { left: number; className?: string }) {
  return <LeftNote text={t.product.onlyLeft(left)} className={className} />;
}

/** fewLeftText says "Only 3 left" when so few units of a product on sale are left (LeftNote shows it); otherwise undefined. */
export function fewLeftText(product: Product): string | undefined {
  const left = fewLeft(product);
  return left === undefined ? undefined : t.product.onlyLeft(left);
}
