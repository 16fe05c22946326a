import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import TextField from '../../components/TextField';
import { t } from '../../i18n';
import type { OTPSendResponse, User } from '../../lib/contract';
import { useChangePhone, useSendCode } from './api';
import { FormError, primaryClass, secondaryClass, TextedCode } from './parts';

/**
 * PhoneChange shows the shopper's mobile number and changes it: the new number, a code texted to
 * it (as for signing in), then the code. In development the server answers the code, shown labelled.
 */
export function PhoneChange({ user }: { user: User }) {
  const send = useSendCode();
  const change = useChangePhone();
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<OTPSendResponse | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  function close() {
    setOpen(false);
    setSent(null);
    setPhone('');
    setCode('');
    setError('');
  }

  function sendCode(e: FormEvent) {
    e.preventDefault();
    setError('');
    send.mutate(phone, { onSuccess: (r) => setSent(r), onError: (err) => setError(err.message) });
  }

  function save(e: FormEvent) {
    e.preventDefault();
    if (!sent) return;
    setError('');
    change.mutate(
      { phone: sent.phone, code },
      {
        onSuccess: (r) => {
          toast.success(r.message || t.account.saved);
          close();
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return (
    <div className="border-t border-stone-100 pt-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="text-sm text-slate-500">{t.account.phone}</p>
          <p className="font-medium text-slate-900" data-testid="account-phone">
            {user.phone || t.account.noPhone}
          </p>
        </div>
        {!open && (
          <button type="button" onClick={() => setOpen(true)} className={secondaryClass}>
            {user.phone ? t.account.changePhone : t.account.addPhone}
          </button>
        )}
      </div>
      {open && !sent && (
        <form onSubmit={sendCode} className="mt-3 space-y-3">
          <TextField
            label={t.account.newPhone}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder={t.login.phonePlaceholder}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            required
          />
          <FormError message={error} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={send.isPending} className={primaryClass}>
              {t.account.sendCode}
            </button>
            <button type="button" onClick={close} className={secondaryClass}>
              {t.account.cancel}
            </button>
          </div>
        </form>
      )}
      {open && sent && (
        <form onSubmit={save} className="mt-3 space-y-3">
          <TextedCode sent={sent} code={code} setCode={setCode} />
          <FormError message={error} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={change.isPending} className={primaryClass}>
              {t.account.savePhone}
            </button>
            <button type="button" onClick={close} className={secondaryClass}>
              {t.account.cancel}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
