import { Link } from '../lib/router';
import { paths } from '../lib/paths';
import { t } from '../i18n';
import { ahead, storeName, useStoreSettings } from '../lib/store';

/** Logo is the store's logo (the brand mark while it has none) and name; it links home. */
export default function Logo({ to = paths.home, className = '' }: { to?: string; className?: string }) {
  const settings = useStoreSettings();
  const name = storeName(settings);
  const logo = settings.store.logo;
  const img = ahead('has:store.logo', !!logo);
  const mark = ahead('not:store.logo', !logo);
  return (
    <Link to={to} className={`inline-flex items-center gap-2 rounded-lg font-bold text-green-800 ${className}`} aria-label={t.brandHome(name)}>
      {img && <img {...img} src={logo} alt="" width={32} height={32} className="h-8 w-8 rounded-lg object-contain" />}
      {mark && (
        <svg {...mark} width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="#15803d" />
          <path d="M18 26h28l-3 22a4 4 0 0 1-4 3.5H25a4 4 0 0 1-4-3.5z" fill="#fff" />
          <path d="M25 26c0-5 3-9 7-9s7 4 7 9" fill="none" stroke="#f59e0b" strokeWidth="4" strokeLinecap="round" />
        </svg>
      )}
      <span className="text-2xl tracking-tight">{name}</span>
    </Link>
  );
}
