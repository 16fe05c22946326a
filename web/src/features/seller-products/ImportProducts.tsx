import { useState, type FormEvent } from 'react';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, PRODUCT_COLUMNS, type ProductImportResponse } from '../../lib/contract';
import { t } from '../../i18n';
import { productsCSV, useImportProducts } from './api';

/** SAMPLE_CSV is a product CSV of two products, one updated by SKU when imported again, for the seller to fill in. */
export const SAMPLE_CSV =
  `\uFEFF${PRODUCT_COLUMNS.join(',')}\r\n` +
  'RICE-5,Jumla Red Rice,जुम्लाको रातो चामल,Grains,320,295,1 kg,40,Hill-grown red rice|Cooks in 25 minutes,पहाडी रातो चामल,true,\r\n' +
  'TEA-1,Ilam Tea,इलामको चिया,Drinks,550,495,250 g,,Whole leaf|From Ilam,पुरा पात,false,\r\n';

/** sampleHref is the sample CSV as a link to save. */
const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE_CSV)}`;

/**
 * ImportProducts brings products in from the seller's spreadsheet: the seller chooses a CSV and an
 * optional ZIP of photos, checks them (a dry run that changes nothing and lists every row, the bad
 * ones with their line and reason), then imports them, all or none. It links to the export of
 * every product, in the same columns, and to a sample file.
 */
export default function ImportProducts() {
  const [file, setFile] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  const [checked, setChecked] = useState<ProductImportResponse | null>(null);
  const [problem, setProblem] = useState('');
  const send = useImportProducts();

  const form = (dryRun: boolean) => {
    const f = new FormData();
    f.append('dryRun', String(dryRun));
    if (file) f.append('file', file);
    if (photos) f.append('photos', photos);
    return f;
  };
  const run = (dryRun: boolean) => {
    setProblem('');
    if (!file) {
      setProblem(t.productImport.chooseFile);
      return;
    }
    send.mutate(form(dryRun), {
      onSuccess: (r) => setChecked(r),
      onError: (e) => {
        setChecked(null);
        setProblem(e.message);
      },
    });
  };
  const check = (e: FormEvent) => {
    e.preventDefault();
    run(true);
  };
  // A new file must be checked again before it is imported.
  const choose = (set: (f: File | null) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.target.files?.[0] ?? null);
    setChecked(null);
    setProblem('');
  };

  const ready = checked?.dryRun && checked.bad === 0;
  const stored = checked && !checked.dryRun && checked.success;
  const field = 'mt-1 block w-full rounded-lg border border-stone-300 bg-white p-2 text-sm font-normal';
  const button = 'min-h-11 rounded-lg px-5 font-medium disabled:opacity-60';

  return (
    <div className="max-w-4xl p-4 md:p-10">
      <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{t.productImport.title}</h1>
      <p className="mt-3 text-slate-700">{t.productImport.intro}</p>
      <details className="mt-3 text-sm text-slate-600">
        <summary className="cursor-pointer font-medium text-slate-800">{t.productImport.columns}</summary>
        <p className="mt-2 font-mono break-words">{PRODUCT_COLUMNS.join(', ')}</p>
        <p className="mt-2">{t.productImport.columnsHint}</p>
        <p className="mt-2">{t.productImport.limits(MAX_IMPORT_ROWS, MAX_IMPORT_BYTES / (1 << 20))}</p>
      </details>
      <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <a href={sampleHref} download="products-sample.csv" className="font-medium text-green-800 underline">
          {t.productImport.sample}
        </a>
        <a href={productsCSV} download className="font-medium text-green-800 underline">
          {t.productImport.export}
        </a>
      </p>
      <p className="mt-1 text-sm text-slate-600">{t.productImport.exportHint}</p>

      <form onSubmit={check} className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-4 md:p-6">
        <label className="block font-medium text-slate-800">
          {t.productImport.file}
          <input type="file" accept=".csv,text/csv" onChange={choose(setFile)} className={field} />
        </label>
        <label className="block font-medium text-slate-800">
          {t.productImport.photos}
          <input type="file" accept=".zip,application/zip" onChange={choose(setPhotos)} className={field} />
        </label>
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={send.isPending} className={`${button} border border-stone-300 bg-white text-slate-800 hover:bg-stone-100`}>
            {send.isPending && send.variables?.get('dryRun') === 'true' ? t.productImport.checking : t.productImport.check}
          </button>
          {ready && (
            <button type="button" disabled={send.isPending} onClick={() => run(false)} className={`${button} bg-green-700 text-white hover:bg-green-800`}>
              {send.isPending ? t.productImport.applying : t.productImport.apply(checked.added + checked.updated)}
            </button>
          )}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
      </form>

      {checked && (
        <section aria-label={t.productImport.rows} className="mt-6">
          <p role="status" className="font-medium text-slate-800">
            {stored ? t.productImport.done(checked.added, checked.updated) : t.productImport.summary(checked.added, checked.updated, checked.bad)}
          </p>
          {!stored && <p className="mt-1 text-sm text-slate-600">{checked.bad > 0 ? t.productImport.fixFirst : t.productImport.ready}</p>}
          {!checked.success && checked.message && <p className="mt-1 text-sm text-red-700">{checked.message}</p>}
          <div className="mt-3 overflow-x-auto rounded-xl border border-stone-200 bg-white">
            <table className="w-full text-left text-sm text-slate-700">
              <thead className="bg-stone-50 text-slate-900">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">{t.productImport.line}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t.productImport.sku}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t.productImport.action}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t.productImport.problem}</th>
                </tr>
              </thead>
              <tbody>
                {[...checked.rows.filter((r) => r.error), ...checked.rows.filter((r) => !r.error)].map((r) => (
                  <tr key={r.line} className={`border-t border-stone-200 ${r.error ? 'bg-red-50' : ''}`}>
                    <td className="px-3 py-2 tabular-nums">{r.line}</td>
                    <td className="px-3 py-2 [overflow-wrap:anywhere]">{r.sku}</td>
                    <td className="px-3 py-2">{t.productImport.actions[r.action]}</td>
                    <td className={`px-3 py-2 ${r.error ? 'text-red-800' : 'text-green-800'}`}>{r.error ?? (stored ? t.productImport.stored : t.productImport.fine)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
