import { useEffect, useRef, useState, type FormEvent } from 'react';
import { t } from '../../i18n';
import TextField from '../../components/TextField';
import { OTP_DIGITS, type OTPSendResponse } from '../../lib/contract';
import { useSendCode, useSetName, useVerifyCode } from './api';

type Props = {
  /** onSignedIn runs once the shopper is signed in. */
  onSignedIn: () => void;
  /** onAskName runs when the sign-in created the account and its name is asked: the shopper is signed in already. */
  onAskName?: () => void;
};

const linkClass = 'font-medium text-green-700 underline-offset-2 hover:underline';
const buttonClass = 'min-h-11 w-full rounded-lg bg-green-700 font-medium text-white hover:bg-green-800 disabled:opacity-60';

/**
 * PhoneSignIn signs a shopper in or up with a mobile number and the code texted to it: the number,
 * then the code, with a new code offered once the server allows one, then, when the sign-in created
 * the account, a name (optional). Asking for a code answers the same for any number, so the name is
 * asked only once the code is verified. In development the server answers the code, shown labelled.
 */
export default function PhoneSignIn({ onSignedIn, onAskName }: Props) {
  const send = useSendCode();
  const verify = useVerifyCode();
  const saveName = useSetName();
  const [askName, setAskName] = useState(false);
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<OTPSendResponse | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [wait, setWait] = useState(0);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, [sent, askName]);

  // The countdown to a new code ticks once a second.
  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  function sendCode() {
    setError('');
    send.mutate(phone, {
      onSuccess: (r) => {
        setSent(r);
        setCode('');
        setWait(r.resendIn);
      },
      onError: (err) => setError(err.message),
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!sent) {
      sendCode();
      return;
    }
    setError('');
    if (askName) {
      if (name.trim() === '') onSignedIn();
      else saveName.mutate(name, { onSuccess: onSignedIn, onError: (err) => setError(err.message) });
      return;
    }
    verify.mutate(
      { phone: sent.phone, code },
      {
        onSuccess: (r) => {
          if (!r.newAccount) return onSignedIn();
          setAskName(true);
          onAskName?.();
        },
        onError: (err) => setError(err.message),
      },
    );
  }

  const errorLine = error && (
    <p role="alert" className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-red-800">
      {error}
    </p>
  );

  if (!sent) {
    return (
      <form onSubmit={submit} noValidate>
        <TextField
          label={t.login.phone}
          labelClass="mb-1 block"
          ref={firstField}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          placeholder={t.login.phonePlaceholder}
          aria-describedby="phone-hint"
          required
        />
        <p id="phone-hint" className="mb-4 text-xs text-slate-500">
          {t.login.phoneHint}
        </p>
        {errorLine}
        <button type="submit" disabled={send.isPending} className={buttonClass}>
          {t.login.sendCode}
        </button>
      </form>
    );
  }

  if (askName) {
    return (
      <form onSubmit={submit} noValidate>
        <p role="status" className="mb-4">
          {t.login.welcomeNew}
        </p>
        <TextField
          label={t.login.nameOptional}
          labelClass="mb-4 block"
          ref={firstField}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t.login.namePlaceholder}
          autoComplete="name"
        />
        {errorLine}
        <button type="submit" disabled={saveName.isPending} className={buttonClass}>
          {name.trim() === '' ? t.login.skipName : t.login.saveName}
        </button>
      </form>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <p className="mb-4">
        {t.login.codeSentTo(sent.phone)}{' '}
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setSent(null);
            setError('');
          }}
        >
          {t.login.changeNumber}
        </button>
      </p>
      {sent.devCode && (
        <div role="status" className="mb-4 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 px-3 py-2 text-amber-900">
          <p className="font-semibold">{t.login.devCode(sent.devCode)}</p>
          <p className="text-xs">{t.login.devCodeNote}</p>
        </div>
      )}
      <TextField
        label={t.login.code}
        labelClass="mb-4 block"
        ref={firstField}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, OTP_DIGITS))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`[0-9]{${OTP_DIGITS}}`}
        maxLength={OTP_DIGITS}
        className="tracking-[0.4em]"
        required
      />
      {errorLine}
      <button type="submit" disabled={verify.isPending || code.length !== OTP_DIGITS} className={`${buttonClass} mb-3`}>
        {t.login.verify}
      </button>
      <button
        type="button"
        onClick={sendCode}
        disabled={wait > 0 || send.isPending}
        className="min-h-11 w-full rounded-lg border border-slate-300 font-medium text-slate-700 hover:bg-stone-50 disabled:opacity-60"
      >
        {wait > 0 ? t.login.resendIn(wait) : t.login.resend}
      </button>
    </form>
  );
}
