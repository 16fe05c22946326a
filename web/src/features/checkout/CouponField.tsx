import { useState } from 'react';
import type { Quote } from '../../lib/contract';
import { MAX_COUPON_CODE } from '../../lib/contract';
import { t } from '../../i18n';
import type { CheckoutChoice } from './choice';

/**
 * CouponField takes a coupon's code for the cart. Applied, the code goes with the quote and the
 * order; the quote says whether it may be used: its discount shows in the totals, or why not shows
 * here (and the order, which would be refused with that reason, waits until the code is removed).
 */
export function CouponField({ code, quote, onChoose }: { code: string; quote: Quote | null | undefined; onChoose: (change: CheckoutChoice) => void }) {
  const [typed, setTyped] = useState('');
  if (code) {
    const problem = quote?.couponProblem;
    return (
      <div className="mt-4" data-testid="coupon">
        <div className={`flex min-h-11 items-center justify-between gap-3 rounded-lg border px-3 ${problem ? 'border-red-200 bg-red-50' : 'border-green-200 bg-green-50'}`}>
          <p className="min-w-0 break-words text-sm">
            <span className="font-mono font-semibold text-slate-900">{quote?.coupon?.code ?? code.toUpperCase()}</span>{' '}
            {quote?.coupon && <span className="text-green-800">{t.cart.couponApplied}</span>}
          </p>
          <button type="button" onClick={() => onChoose({ coupon: '' })} className="min-h-11 shrink-0 px-2 text-sm font-medium text-green-700 hover:underline">
            {t.cart.couponRemove}
          </button>
        </div>
        {problem && (
          <p className="mt-2 text-sm text-red-800" role="alert" data-testid="coupon-problem">
            {problem}
          </p>
        )}
      </div>
    );
  }
  return (
    <form
      className="mt-4"
      onSubmit={(e) => {
        e.preventDefault();
        const c = typed.trim();
        if (c) onChoose({ coupon: c });
      }}
    >
      <label htmlFor="coupon" className="block font-medium text-slate-700">
        {t.cart.couponLabel}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id="coupon"
          value={typed}
          maxLength={MAX_COUPON_CODE}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setTyped(e.target.value)}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 uppercase text-slate-800"
        />
        <button type="submit" className="min-h-11 shrink-0 rounded-lg border border-green-700 px-4 font-medium text-green-800 hover:bg-green-50">
          {t.cart.couponApply}
        </button>
      </div>
    </form>
  );
}
