import { t } from '../../i18n';

/** LateBadge marks an order that missed the time it was promised by, as the server says (late); nothing for one that did not. */
export default function LateBadge({ late }: { late?: boolean }) {
  if (!late) return null;
  return (
    <span className="rounded-full bg-red-50 px-3 py-1 font-medium text-red-700" title={t.seller.lateHint}>
      {t.seller.late}
    </span>
  );
}
