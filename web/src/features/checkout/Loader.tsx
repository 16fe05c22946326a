import { useEffect } from 'react';
import { useNavigate, useSearchParams } from '../../lib/router';
import Spinner from '../../components/Spinner';
import { t } from '../../i18n';
import { useTitle } from '../../lib/useTitle';
import { paths } from '../../lib/paths';

/** LOADER_DELAY is how long the loader shows before it moves on. */
export const LOADER_DELAY = 5000;

/** Loader waits, then goes to /{next} or to /my-orders; used on return from online payment. */
export default function Loader() {
  useTitle(t.titles.loader);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');
  useEffect(() => {
    // Only a path inside the store: "next" must not send the shopper elsewhere.
    const target = next && /^[a-z0-9/_-]+$/i.test(next) ? `/${next.replace(/^\/+/, '')}` : paths.myOrders;
    const timer = setTimeout(() => void navigate(target), LOADER_DELAY);
    return () => clearTimeout(timer);
  }, [next, navigate]);
  return <Spinner label={t.loader} />;
}
