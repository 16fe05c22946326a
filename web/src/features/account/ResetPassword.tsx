import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import { t } from '../../i18n';
import TextField from '../../components/TextField';
import { MIN_PASSWORD_LENGTH, OTP_DIGITS, type ResetSendRequest } from '../../lib/contract';
import { useConfirmReset, useSendReset } from './api';

const buttonClass = 'min-h-11 w-full rounded-lg bg-green-700 font-medium text-white hover:bg-green-800 disabled:opacity-60';

/** resetTarget reads what the shopper typed as their account's e-mail (it has an @) or mobile number. */
export const resetTarget = (address: string): ResetSendRequest =>
  address.includes('@') ? { email: address.trim() } : { phone: address.trim() };

/**
 * ResetPassword sets a forgotten password: the account's e-mail or number, then the code sent to
 * it and a new password. Asking answers the same whether an account has the address or not.
 * onDone runs once the password is set, with the address, to sign in with it.
 */
export default function ResetPassword({ onDone }: { onDone: (address: string) => void }) {
  const send = useSendReset();
  const confirm = useConfirmReset();
  const [address, setAddress] = useState('');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, [sent]);

  function ask(e: FormEvent) {
    e.preventDefault();
    setError('');
    send.mutate(resetTarget(address), { onSuccess: () => setSent(true), onError: (err) => setError(err.message) });
  }

  function reset(e: FormEvent) {
    e.preventDefault();
    setError('');
    confirm.mutate(
      { ...resetTarget(address), code, password },
      {
        onSuccess: (r) => {
          toast.success(r.message || t.reset.done);
          onDone(address.trim());
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  return !sent ? (
    <form onSubmit={ask}>
      <p className="mb-4">{t.reset.intro}</p>
      <TextField label={t.reset.address} labelClass="mb-4 block" ref={firstField} value={address} onChange={(e) => setAddress(e.target.value)} autoComplete="username" required />
      {error && <p role="alert" className="mb-4 text-red-700">{error}</p>}
      <button type="submit" disabled={send.isPending} className={buttonClass}>
        {t.reset.send}
      </button>
    </form>
  ) : (
    <form onSubmit={reset}>
      <p className="mb-4">{t.reset.sent(address.trim())}</p>
      <TextField
        label={t.reset.code}
        labelClass="mb-4 block"
        ref={firstField}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_DIGITS}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
      />
      <TextField
        label={t.reset.password}
        labelClass="mb-4 block"
        type="password"
        minLength={MIN_PASSWORD_LENGTH}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      {error && <p role="alert" className="mb-4 text-red-700">{error}</p>}
      <button type="submit" disabled={confirm.isPending} className={buttonClass}>
        {t.reset.confirm}
      </button>
    </form>
  );
}
