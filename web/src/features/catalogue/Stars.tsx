import { StarIcon } from '../../components/icons';
import { t } from '../../i18n';

/** Stars is the fixed four-of-five rating every product shows (the store keeps no reviews). */
export default function Stars({ size = 14 }: { size?: number }) {
  return (
    <div className="flex items-center gap-0.5 text-amber-500" role="img" aria-label={t.product.ratingLabel}>
      {[0, 1, 2, 3, 4].map((i) => (
        <StarIcon key={i} filled={i < 4} width={size} height={size} />
      ))}
      <span className="ml-1 text-xs text-slate-500" aria-hidden="true">
        {t.product.rating}
      </span>
    </div>
  );
}
