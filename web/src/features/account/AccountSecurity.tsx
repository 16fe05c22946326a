import { useState, type FormEvent } from 'react';
import toast from '../../lib/toast';
import { useNavigate } from '../../lib/router';
import { paths } from '../../lib/paths';
import Confirm from '../../components/Confirm';
import TextField from '../../components/TextField';
import { t } from '../../i18n';
import { ACCOUNT_RECORD_YEARS, MIN_PASSWORD_LENGTH, OTP_DIGITS, type OTPSendResponse, type User } from '../../lib/contract';
import { exportPath, useChangePassword, useCloseAccount, useLogoutAll, useSendCode, useStoreCredit } from './api';
import { useStoreConfig } from '../../lib/config';
import { toMinor } from '../../lib/money';
import { FormError, primaryClass, secondaryClass, Section, TextedCode } from './parts';

/** PasswordChange sets a new password, with the current one when the account has one. */
export function PasswordChange({ user }: { user: User }) {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    change.mutate(
      { current, password },
      {
        onSuccess: (r) => {
          toast.success(r.message || t.account.saved);
          setCurrent('');
          setPassword('');
        },
        onError: (err) => setError(err.message),
      },
    );
  }
  return (
    <Section id="account-password" title={t.account.password}>
      <form onSubmit={submit} className="space-y-3">
        {!user.hasPassword && <p className="text-sm">{t.account.setPasswordHint}</p>}
        {user.hasPassword && (
          <TextField
            label={t.account.currentPassword}
            type="password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            autoComplete="current-password"
            required
          />
        )}
        <TextField
          label={t.account.newPassword}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          required
        />
        <p className="text-sm text-slate-500">{t.account.passwordHint}</p>
        <FormError message={error} />
        <button type="submit" disabled={change.isPending} className={primaryClass}>
          {user.hasPassword ? t.account.changePassword : t.account.setPassword}
        </button>
      </form>
    </Section>
  );
}

/** SignOutEverywhere ends every session of the account, this one too. */
export function SignOutEverywhere() {
  const logoutAll = useLogoutAll();
  return (
    <Section id="account-sessions" title={t.account.sessions}>
      <p className="text-sm">{t.account.sessionsHint}</p>
      <button type="button" disabled={logoutAll.isPending} onClick={() => logoutAll.mutate()} className={secondaryClass}>
        {t.account.logoutAll}
      </button>
    </Section>
  );
}

/** DataExport downloads everything the store keeps about the shopper as a JSON file. */
export function DataExport() {
  return (
    <Section id="account-export" title={t.account.export}>
      <p className="text-sm">{t.account.exportHint}</p>
      <a href={exportPath} download className={`inline-flex items-center ${secondaryClass}`}>
        {t.account.exportButton}
      </a>
    </Section>
  );
}

/**
 * CloseAccount closes the account, asked once more: with the password, or for an account without
 * one, a code texted to its number. Store credit left goes with the account only when the shopper
 * ticks that they give it up. The shopper is then signed out and taken home.
 */
export function CloseAccount({ user }: { user: User }) {
  const close = useCloseAccount();
  const send = useSendCode();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<OTPSendResponse | null>(null);
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const { moneyMinor } = useStoreConfig();
  const credit = useStoreCredit(user._id).data?.balance ?? 0;
  const [giveUp, setGiveUp] = useState(false);
  const byCode = !user.hasPassword && !!user.phone;
  const ready = (byCode ? !!sent && code.trim().length === OTP_DIGITS : password !== '') && (credit <= 0 || giveUp);

  function sendCode() {
    setError('');
    send.mutate(user.phone ?? '', { onSuccess: (r) => setSent(r), onError: (err) => setError(err.message) });
  }

  function closeNow() {
    setError('');
    const giveUpCredit = credit > 0 && giveUp ? { giveUpCredit: true } : {};
    close.mutate(byCode ? { code, ...giveUpCredit } : { password, ...giveUpCredit }, {
      onSuccess: (r) => {
        toast.success(r.message || t.account.saved);
        void navigate(paths.home);
      },
      onError: (err) => {
        setAsking(false);
        setError(err.message);
      },
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (ready) setAsking(true);
  }

  return (
    <Section id="account-close" title={t.account.close} tone="danger">
      <p className="text-sm">{t.account.closeHint(ACCOUNT_RECORD_YEARS)}</p>
      <p className="text-sm text-slate-500">{t.account.closeOnItsWay}</p>
      <form onSubmit={submit} className="space-y-3">
        {byCode ? (
          <>
            <p className="text-sm">{t.account.closeCodeHint}</p>
            {!sent ? (
              <button type="button" disabled={send.isPending} onClick={sendCode} className={secondaryClass}>
                {t.account.sendCode}
              </button>
            ) : (
              <TextedCode sent={sent} code={code} setCode={setCode} />
            )}
          </>
        ) : (
          <TextField
            label={t.account.closePassword}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
            required
          />
        )}
        {credit > 0 && (
          <label className="flex min-h-11 items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <input type="checkbox" checked={giveUp} onChange={(e) => setGiveUp(e.target.checked)} className="mt-0.5 size-5 shrink-0 accent-red-700" />
            {t.account.closeGiveUpCredit(moneyMinor(toMinor(credit)))}
          </label>
        )}
        <FormError message={error} />
        {asking ? (
          <Confirm
            question={t.account.closeConfirm}
            yes={t.account.closeYes}
            no={t.account.closeNo}
            busy={close.isPending}
            onYes={closeNow}
            onNo={() => setAsking(false)}
          />
        ) : (
          <button type="submit" disabled={!ready} className="min-h-11 rounded-lg border border-red-300 bg-white px-5 font-medium text-red-800 hover:bg-red-50 disabled:opacity-60">
            {t.account.closeButton}
          </button>
        )}
      </form>
    </Section>
  );
}
