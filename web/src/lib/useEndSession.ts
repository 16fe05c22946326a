import { useMutation } from '@tanstack/react-query';
import { useNavigate } from './router';
import toast from './toast';
import { unwrap, type ApiResult } from './api';
import { paths } from './paths';
import { t } from '../i18n';

/**
 * useEndSession ends a session (a shopper's or a seller's): the server's message (or the fallback)
 * as a toast, then forget drops the session's data and the shopper goes home.
 */
export function useEndSession(call: () => Promise<ApiResult<object>>, forget: () => void) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => unwrap(call(), t.toast.logoutFailed),
    onSuccess: (r) => {
      toast.success(r.message || t.toast.loggedOut);
      forget();
      void navigate(paths.home);
    },
    onError: (e) => toast.error(e.message),
  });
}
