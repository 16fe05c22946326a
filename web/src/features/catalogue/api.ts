import { useMutation } from '@tanstack/react-query';
import toast from '../../lib/toast';
import { post, unwrap } from '../../lib/api';
import type { MessageResponse, SubscribeRequest } from '../../lib/contract';
import { t } from '../../i18n';

/** useSubscribe signs an address up for the newsletter (the store mails it a link to confirm it), then thanks the shopper. */
export function useSubscribe() {
  return useMutation({
    mutationFn: (email: string) =>
      unwrap(post<SubscribeRequest, MessageResponse>('/api/newsletter/subscribe', { email }), t.toast.generic),
    onSuccess: () => toast.success(t.home.subscribed, { id: 'newsletter' }),
    onError: (e) => toast.error(e.message, { id: 'newsletter' }),
  });
}
