import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import toast from '../../lib/toast';
import { useApp } from '../../lib/appState';
import { t } from '../../i18n';
import { CloseIcon } from '../../components/icons';
import TextField from '../../components/TextField';
import { paths } from '../../lib/paths';
import Accented from '../../components/Accented';
import { useSignIn } from './api';
import PhoneSignIn from './PhoneSignIn';
import ResetPassword from './ResetPassword';


/** LoginModal signs a shopper in or up, then goes back to the page that asked for it, else to /home; clicking outside or pressing Escape closes it. */
export default function LoginModal() {
  const { setShowLogin, loginReturn } = useApp();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [method, setMethod] = useState<'email' | 'phone' | 'reset'>('email');
  // naming: signed in by phone to a new account, whose name is asked; no other way in is offered then.
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const titleId = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    firstField.current?.focus();
  }, [mode, method]);

  // Escape closes; Tab stays inside the dialog; focus goes back where it was on close.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setShowLogin(false);
      if (e.key !== 'Tab' || !dialog.current) return;
      const focusable = dialog.current.querySelectorAll<HTMLElement>('input, button:not(:disabled)');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [setShowLogin]);

  function signedIn() {
    setShowLogin(false);
    // The page that asked stays as it was (its place in the history too); the navigation bar's Login goes home.
    if (loginReturn) void navigate(loginReturn, { replace: true });
    else void navigate(paths.home);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    signIn.mutate({ mode, name, email, password }, { onSuccess: signedIn, onError: (err) => toast.error(err.message) });
  }

  const switchClass = 'mt-5 min-h-11 w-full rounded-lg border border-slate-300 font-medium text-slate-700 hover:bg-stone-50';

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 px-4" onMouseDown={() => setShowLogin(false)}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onMouseDown={(e) => e.stopPropagation()}
        className="relative max-h-full w-full max-w-sm overflow-y-auto rounded-2xl bg-white p-8 text-sm text-slate-600 shadow-xl"
      >
        <button type="button" onClick={() => setShowLogin(false)} className="absolute right-2 top-2 flex h-11 w-11 items-center justify-center rounded-full hover:bg-stone-100" aria-label={t.login.close}>
          <CloseIcon width={20} height={20} />
        </button>
        <h2 id={titleId} className="mb-6 text-center text-2xl font-semibold text-slate-900">
          <Accented text={method === 'phone' ? t.login.titlePhone : method === 'reset' ? t.reset.title : mode === 'login' ? t.login.titleLogin : t.login.titleRegister} />
        </h2>
        {method === 'phone' ? (
          <PhoneSignIn onSignedIn={signedIn} onAskName={() => setNaming(true)} />
        ) : method === 'reset' ? (
          <ResetPassword
            onDone={(address) => {
              if (address.includes('@')) setEmail(address);
              setPassword('');
              setMode('login');
              setMethod('email');
            }}
          />
        ) : (
          <form onSubmit={submit}>
            {mode === 'register' && (
              <TextField
                label={t.login.name}
                labelClass="mb-4 block"
                ref={firstField}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder={t.login.namePlaceholder}
                autoComplete="name"
                required
              />
            )}
            <TextField
              label={t.login.email}
              labelClass="mb-4 block"
              ref={mode === 'login' ? firstField : undefined}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder={t.login.emailPlaceholder}
              autoComplete="email"
              required
            />
            <TextField
              label={t.login.password}
              labelClass="mb-4 block"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              placeholder={t.login.passwordPlaceholder}
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
            />
            {mode === 'login' && (
              <p className="-mt-2 mb-4 text-right">
                <button type="button" className="min-h-11 font-medium text-green-700 underline-offset-2 hover:underline" onClick={() => setMethod('reset')}>
                  {t.reset.forgot}
                </button>
              </p>
            )}
            <p className="mb-5">
              {mode === 'login' ? (
                <>
                  {t.login.noAccount}{' '}
                  <button type="button" className="font-medium text-green-700 underline-offset-2 hover:underline" onClick={() => setMode('register')}>
                    {t.login.createOne}
                  </button>
                </>
              ) : (
                <>
                  {t.login.haveAccount}{' '}
                  <button type="button" className="font-medium text-green-700 underline-offset-2 hover:underline" onClick={() => setMode('login')}>
                    {t.login.signInHere}
                  </button>
                </>
              )}
            </p>
            <button type="submit" disabled={signIn.isPending} className="min-h-11 w-full rounded-lg bg-green-700 font-medium text-white hover:bg-green-800 disabled:opacity-60">
              {mode === 'login' ? t.login.signIn : t.login.createAccount}
            </button>
          </form>
        )}
        {!naming && (
          <button type="button" className={switchClass} onClick={() => setMethod(method === 'email' ? 'phone' : 'email')}>
            {method === 'phone' ? t.login.useEmail : method === 'reset' ? t.reset.back : t.login.usePhone}
          </button>
        )}
      </div>
    </div>
  );
}
