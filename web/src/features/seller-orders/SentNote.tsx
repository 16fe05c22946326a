import { t } from '../../i18n';
import type { OrderItem, Sent } from '../../lib/contract';
import { sentText } from '../../lib/weight';

/** sentState says where the shopper's answer to a substitute stands, as the packer needs it: waiting until when, kept, or refused (to be taken out). */
function sentState(s: Sent, timeZone: string): string {
  switch (s.answer) {
    case 'awaited':
      return t.seller.sentAwaited(t.orders.placedAtIn(s.answerBy ?? '', timeZone));
    case 'named':
      return t.seller.sentNamed;
    case 'refused':
      return t.seller.sentRefused;
    default:
      return t.seller.sentAccepted;
  }
}

/** SentNote says what was sent instead of an item that was not there at packing, and the shopper's answer to it; nothing when none was. */
export default function SentNote({ item, timeZone, className = '' }: { item: OrderItem; timeZone: string; className?: string }) {
  const s = item.packed?.substitute;
  if (!s) return null;
  const refused = s.answer === 'refused';
  return (
    <span className={`block text-sm font-normal ${refused ? 'text-red-700' : 'text-amber-800'} ${className}`}>
      {t.seller.sent(sentText(s))} · {sentState(s, timeZone)}
    </span>
  );
}
