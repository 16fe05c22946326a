import { t } from '../i18n';
import { ahead, useStoreSettings } from '../lib/store';

/** SpeedPromise is the store's speed promise as a badge (see speedPromise); nothing when it makes none. */
export default function SpeedPromise({ className }: { className: string }) {
  const s = useStoreSettings();
  const slots = ahead('has:deliverySlots', s.deliverySlots);
  const own = ahead('not:deliverySlots,has:store.promise', !s.deliverySlots && !!s.store.promise);
  return (
    <>
      {slots && (
        <p {...slots} className={className}>
          {t.promise.slots}
        </p>
      )}
      {own && (
        <p {...own} className={className}>
          {s.store.promise}
        </p>
      )}
    </>
  );
}
