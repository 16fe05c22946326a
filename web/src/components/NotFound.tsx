import { Link } from '../lib/router';
import { useTitle } from '../lib/useTitle';
import { t } from '../i18n';
import { paths } from '../lib/paths';

/** NotFound answers any path the store does not have, an unknown category and an unknown product. */
export default function NotFound() {
  useTitle(t.titles.notFound);
  return (
    <div className="py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t.notFound.title}</h1>
      <p className="mt-2 text-slate-600">{t.notFound.text}</p>
      <Link to={paths.home} className="mt-6 inline-block min-h-11 rounded-full bg-green-700 px-8 py-3 font-medium text-white">
        {t.notFound.goHome}
      </Link>
    </div>
  );
}
