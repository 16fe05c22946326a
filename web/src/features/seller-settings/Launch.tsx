import { Link } from '../../lib/router';
import { t } from '../../i18n';
import { useChecklist } from './api';

/** readmeSection names the README section a link to it points at: "README.md#go-live" is "Go live", "README.md#sms" is "SMS". */
const readmeSection = (link: string) => {
  const anchor = link.split('#')[1] ?? '';
  if (anchor === 'sms') return 'SMS';
  return anchor.charAt(0).toUpperCase() + anchor.slice(1).replaceAll('-', ' ');
};

/**
 * Launch is the launch checklist: what a real shop needs before shoppers come (production mode,
 * https, payments, SMS, delivery, invoice details, no demo products, backups), each marked done or
 * to do, with a link to the seller page where it is fixed or the README section for the server's
 * configuration. The server decides every item; the page shows them.
 */
export default function Launch() {
  const { data: items, isPending, isError } = useChecklist();
  const left = items?.filter((it) => !it.ok).length ?? 0;

  return (
    <div className="max-w-3xl p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.seller.launchPage.title}</h1>
      <p className="mt-2 text-sm text-slate-600">{t.seller.launchPage.intro}</p>
      {isPending ? (
        <p role="status" className="mt-6 text-slate-600">
          {t.loader}
        </p>
      ) : isError || !items ? (
        <p role="alert" className="mt-6 text-red-700">
          {t.seller.launchPage.loadFailed}
        </p>
      ) : (
        <>
          <p role="status" className={`mt-6 font-medium ${left === 0 ? 'text-green-800' : 'text-amber-800'}`}>
            {left === 0 ? t.seller.launchPage.allDone : t.seller.launchPage.left(left)}
          </p>
          <ul className="mt-4 space-y-3" aria-label={t.seller.launchPage.title}>
            {items.map((it) => (
              <li key={it.id} className={`rounded-lg border bg-white p-4 ${it.ok ? 'border-stone-200' : 'border-amber-300'}`}>
                <div className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                      it.ok ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-800'
                    }`}
                  >
                    {it.ok ? '✓' : '!'}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-slate-800">
                      <span className="sr-only">{it.ok ? t.seller.launchPage.done : t.seller.launchPage.todo}: </span>
                      {it.text}
                    </p>
                    {!it.ok &&
                      (it.link.startsWith('/') ? (
                        <Link to={it.link} className="mt-2 inline-flex min-h-11 items-center font-medium text-green-800 underline">
                          {t.seller.launchPage.fix}
                        </Link>
                      ) : (
                        <p className="mt-2 text-sm text-slate-600">{t.seller.launchPage.readme(readmeSection(it.link))}</p>
                      ))}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
