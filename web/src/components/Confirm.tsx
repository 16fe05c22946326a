/**
 * Confirm asks once more before a step that cannot be undone: the question, a red Yes and a plain
 * No. The seller's order card and the shopper's My Orders ask it alike.
 */
export default function Confirm({ question, yes, no, busy, onYes, onNo, className = '' }: {
  question: string;
  yes: string;
  no: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={question} className={`flex flex-wrap items-center gap-2 ${className}`}>
      <span className="font-medium text-red-800">{question}</span>
      <button type="button" disabled={busy} onClick={onYes} className="min-h-11 rounded-lg bg-red-700 px-4 font-medium text-white hover:bg-red-800 disabled:opacity-60">
        {yes}
      </button>
      <button type="button" disabled={busy} onClick={onNo} className="min-h-11 rounded-lg border border-stone-300 bg-white px-4 text-slate-700 hover:bg-stone-100">
        {no}
      </button>
    </div>
  );
}
