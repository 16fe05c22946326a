import { useDeliveryRules, useStoreConfig } from '../../lib/config';
import { deliveryTerms } from '../../lib/delivery';
import { t } from '../../i18n';

/** DeliveryNote says in one line what delivery costs, from the store's rules, so the front pages never contradict the cart. */
export default function DeliveryNote({ className }: { className: string }) {
  const { rules, loading } = useDeliveryRules();
  const { config, moneyMinor } = useStoreConfig();
  // The line keeps its height while the rules load, so nothing below it jumps.
  return (
    <p className={`min-h-6 ${className}`} data-testid="delivery-note">
      {loading || !config ? '' : t.landing.deliveryNote(deliveryTerms(rules, moneyMinor))}
    </p>
  );
}
