import { t } from '../../i18n';
import type { OrderItem } from '../../lib/contract';
import { useProductsById } from '../products';

/** SubstituteNote says what the shopper wants if the item is not there at packing: a similar item, to leave it out, or the product they named. */
export default function SubstituteNote({ item, className = '' }: { item: OrderItem; className?: string }) {
  const s = item.substitute ?? '';
  const named = s !== '' && s !== 'best' && s !== 'none' ? s : '';
  const { products } = useProductsById(named ? [named] : [], !!named);
  if (!s) return null;
  const what = s === 'best' ? t.seller.subBest : s === 'none' ? t.seller.subNone : (products[0]?.name ?? t.seller.subNamed);
  return <span className={`block text-xs font-normal text-slate-600 ${className}`}>{t.seller.ifNotThere(what)}</span>;
}
