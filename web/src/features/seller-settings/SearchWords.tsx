import { useState } from 'react';
import toast from '../../lib/toast';
import { MAX_SYNONYM_GROUPS } from '../../lib/contract';
import { RowSkeleton } from '../../components/Spinner';
import { inputClass } from '../../components/styles';
import { t } from '../../i18n';
import { useSaveSynonyms, useSynonyms } from './api';
import { Card } from './StoreSections';

const texts = () => t.seller.settingsPage.searchWords;

/**
 * SearchWordsSection edits the words the store's search counts as the same: one group a line,
 * words separated by commas ("kukhura, chicken"), starting from the everyday Nepali words of a
 * grocery. The server writes them one way and names a line it refuses.
 */
export function SearchWordsSection() {
  const { data } = useSynonyms();
  const save = useSaveSynonyms();
  // The words as the owner edits them; until they do, as loaded.
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? data?.join('\n') ?? '';
  // Nothing is saved before the words have loaded: an empty box would turn them all off.
  const submit = () =>
    data &&
    save.mutate(text.split('\n'), {
      onSuccess: (r) => setEdited(r.synonyms.join('\n')),
      onError: (err) => toast.error(err.message, { id: 'settings-error' }),
    });
  return (
    <Card id="search-words" title={texts().title} intro={texts().intro} pending={save.isPending} onSubmit={submit}>
      {!data ? (
        <RowSkeleton />
      ) : (
        <>
          <label className="block">
            {texts().label}
            <textarea
              value={text}
              onChange={(e) => setEdited(e.target.value)}
              rows={10}
              spellCheck={false}
              aria-describedby="search-words-hint"
              className={`${inputClass} font-mono text-sm`}
            />
          </label>
          <p id="search-words-hint" className="text-sm text-slate-500">
            {texts().hint(MAX_SYNONYM_GROUPS)}
          </p>
        </>
      )}
    </Card>
  );
}
