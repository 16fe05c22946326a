import { useSyncExternalStore } from 'react';
import { t } from '../i18n';
import { isOffline, subscribeOnline } from '../lib/online';

/**
 * OfflineNotice says, while the phone has no connection, what still works: the pages seen before,
 * not ordering. It floats above the page's foot (raised is for a page with a bar of its own
 * there), so nothing on the page moves when it shows, and taps go through it. The live region is
 * always there, so that a screen reader reads the notice when it appears.
 */
export default function OfflineNotice({ raised = false }: { raised?: boolean }) {
  const offline = useSyncExternalStore(subscribeOnline, isOffline, () => false);
  return (
    <div role="status" className={`pointer-events-none fixed inset-x-2 z-40 flex justify-center print:hidden ${raised ? 'bottom-20 md:bottom-3' : 'bottom-3'}`}>
      {offline && <p className="max-w-xl rounded-lg bg-slate-800 px-4 py-2.5 text-sm leading-snug text-white shadow-lg">{t.offline.notice}</p>}
    </div>
  );
}
