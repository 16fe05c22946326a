import { useEffect, useSyncExternalStore } from 'react';
import { Toaster, useToasterStore } from 'react-hot-toast';
import toast from '../lib/toast';
import { overLimit } from './toastLimit';

// On a phone the navigation bar's right end holds the cart badge and the menu: toasts keep to
// the left of it, within the bar's height, so they never cover the badge or the page's buttons.
const phoneQuery = '(max-width: 767px)';
const subscribePhone = (onChange: () => void) => {
  const mq = window.matchMedia(phoneQuery);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia(phoneQuery).matches;
const phoneToasts = { top: 8, left: 8, right: 112 };
const wideToasts = { top: 16, left: 16, right: 16 };

/**
 * Toasts shows the toasts where they fit the screen, never piling up: on a phone only the newest
 * shows, elsewhere at most three (overLimit). It is a component of its own so that learning the
 * screen is a phone's (right after a page rendered ahead is taken over) draws the toasts again, not the page;
 * it loads with the first toast (lib/toast.ts).
 */
export default function Toasts() {
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const { toasts } = useToasterStore();
  const limit = phone ? 1 : 3;
  useEffect(() => {
    overLimit(toasts, limit).forEach((id) => toast.dismiss(id));
  }, [toasts, limit]);
  return (
    <Toaster
      position={phone ? 'top-left' : 'top-center'}
      containerClassName="print:hidden"
      containerStyle={phone ? phoneToasts : wideToasts}
      toastOptions={{ duration: 3000, style: { maxWidth: '100%', fontSize: phone ? 14 : undefined } }}
    />
  );
}

