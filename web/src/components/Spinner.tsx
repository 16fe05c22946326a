/** Spinner is a loading indicator with a visible label. */
export default function Spinner({ label }: { label: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-24" role="status">
      <div className="h-16 w-16 animate-spin rounded-full border-4 border-green-100 border-t-green-700" />
      <p className="text-slate-600">{label}</p>
    </div>
  );
}

/** CardSkeleton holds the place of a product card while products load. */
export function CardSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl border border-stone-200 bg-white p-3" aria-hidden="true">
      <div className="aspect-square rounded-xl bg-stone-200" />
      <div className="mt-3 h-3 w-1/3 rounded bg-stone-200" />
      <div className="mt-2 h-4 w-3/4 rounded bg-stone-200" />
      <div className="mt-4 h-9 rounded-lg bg-stone-200" />
    </div>
  );
}
