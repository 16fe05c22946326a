import { t } from '../../i18n';

/** A star in a 24-unit square (the icons' size, components/icons.tsx), drawn in relative moves only, so that it repeats by a move. */
const star = 'l2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z';

/** GAP is the space between two stars, in pixels. */
const GAP = 2;

/** units rounds a length in the picture's units to a thousandth, so the path reads as written. */
const units = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Stars is the fixed four-of-five rating every product shows (the store keeps no reviews). The five
 * stars are one picture of two paths, the four filled and the empty one: three elements where five
 * icons were ten.
 */
export default function Stars({ size = 14 }: { size?: number }) {
  const step = units(24 + (GAP * 24) / size); // from one star to the next, in the picture's units
  const filled = `M12 3${star}` + `m${step} 0${star}`.repeat(3);
  const empty = `M${units(12 + 4 * step)} 3${star}`;
  return (
    <div className="flex items-center text-amber-500" role="img" aria-label={t.product.ratingLabel}>
      <svg width={5 * size + 4 * GAP} height={size} viewBox={`0 0 ${units(24 + 4 * step)} 24`} stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={filled} fill="currentColor" />
        <path d={empty} fill="none" />
      </svg>
      <span className="ml-1.5 text-xs text-slate-500" aria-hidden="true">
        {t.product.rating}
      </span>
    </div>
  );
}
