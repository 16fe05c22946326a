import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MAX_SYNONYM_GROUPS } from '../../lib/contract';
import { RowSkeleton } from '../../components/Spinner';
import { inputClass } from '../../components/styles';
import { t } from '../../i18n';
import { useSaveSynonyms, useSynonyms } from './api';

const texts = () => t.seller.settingsPage.searchWords;

/**
 * SearchWordsSection edits the words the store's search counts as the same: one group a line,
 * words separated by commas ("kukhura, chicken"), starting from the everyday Nepali words of a
 * grocery. The server writes them one way and names a line it refuses.
 */
export function SearchWordsSection() {
  const { data, isPending } = useSynonyms();
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-5" aria-labelledby="settings-search-words">
      <h2 id="settings-search-words" className="text-lg font-semibold text-slate-900">
        {texts().title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{texts().intro}</p>
      {isPending || !data ? <RowSkeleton /> : <SearchWordsForm lines={data} />}
    </section>
  );
}

function SearchWordsForm({ lines }: { lines: string[] }) {
  const save = useSaveSynonyms();
  const [text, setText] = useState(lines.join('\n'));
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(text.split('\n'), {
      onSuccess: (r) => setText(r.synonyms.join('\n')),
      onError: (err) => toast.error(err.message, { id: 'settings-error' }),
    });
  }
  return (
    <form onSubmit={submit} className="mt-4 space-y-4">
      <label className="block">
        {texts().label}
        <textarea
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={10}
          spellCheck={false}
          aria-describedby="search-words-hint"
          className={`${inputClass} font-mono text-sm`}
        />
      </label>
      <p id="search-words-hint" className="text-sm text-slate-500">
        {texts().hint(MAX_SYNONYM_GROUPS)}
      </p>
      <button type="submit" disabled={save.isPending} className="min-h-11 rounded-lg bg-green-700 px-8 font-semibold text-white hover:bg-green-800 disabled:opacity-60">
        {save.isPending ? t.seller.settingsPage.saving : t.seller.settingsPage.save}
      </button>
    </form>
  );
}
