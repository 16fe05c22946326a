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

/** DetailSkeleton holds the place of the product page while products load. */
export function DetailSkeleton() {
  return (
    <div className="mt-8 animate-pulse" aria-hidden="true">
      <div className="h-4 w-64 max-w-full rounded bg-stone-200" />
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <div className="aspect-square rounded-2xl bg-stone-200" />
        <div className="space-y-4">
          <div className="h-8 w-3/4 rounded bg-stone-200" />
          <div className="h-4 w-32 rounded bg-stone-200" />
          <div className="h-6 w-40 rounded bg-stone-200" />
          <div className="h-4 w-full rounded bg-stone-200" />
          <div className="h-4 w-5/6 rounded bg-stone-200" />
          <div className="h-12 rounded-xl bg-stone-200" />
        </div>
      </div>
    </div>
  );
}

/** RowSkeleton holds the place of a cart line or an order while they load. */
export function RowSkeleton({ tall = false }: { tall?: boolean }) {
  return (
    <div className={`flex animate-pulse items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 ${tall ? 'h-56' : ''}`} aria-hidden="true">
      <div className="h-20 w-20 shrink-0 rounded-xl bg-stone-200" />
      <div className="flex-1 space-y-2">
        <div className="h-4 w-1/2 rounded bg-stone-200" />
        <div className="h-3 w-1/3 rounded bg-stone-200" />
        <div className="h-3 w-1/4 rounded bg-stone-200" />
      </div>
    </div>
  );
}
