import type { ReactNode } from 'react';
import TextField from '../../components/TextField';
import { t } from '../../i18n';
import { OTP_DIGITS, type OTPSendResponse } from '../../lib/contract';

/** primaryClass is a form's main button on the account page. */
export const primaryClass = 'min-h-11 rounded-lg bg-green-700 px-5 font-medium text-white hover:bg-green-800 disabled:opacity-60';
/** secondaryClass is a plain button on the account page. */
export const secondaryClass = 'min-h-11 rounded-lg border border-stone-300 bg-white px-5 text-slate-700 hover:bg-stone-100 disabled:opacity-60';

/** Section is one titled card of the account page; its heading names the region. */
export function Section({ id, title, children, tone = 'plain' }: { id: string; title: string; children: ReactNode; tone?: 'plain' | 'danger' }) {
  const border = tone === 'danger' ? 'border-red-200' : 'border-stone-200';
  return (
    <section aria-labelledby={id} className={`rounded-xl border ${border} bg-white p-4 md:p-6`}>
      <h2 id={id} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}>
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

/** FormError shows what the server said was wrong, read out as it appears. */
export function FormError({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

/**
 * TextedCode says where the code went (and, in development, what it is) and takes the code the
 * shopper types.
 */
export function TextedCode({ sent, code, setCode }: { sent: OTPSendResponse; code: string; setCode: (code: string) => void }) {
  return (
    <>
      <p className="text-sm">{t.account.codeSentTo(sent.phone)}</p>
      {sent.devCode && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="dev-code">
          {t.login.devCode(sent.devCode)}
        </p>
      )}
      <TextField
        label={t.account.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_DIGITS}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
      />
    </>
  );
}
