import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginModal from './LoginModal';
import { useApp } from '../../lib/appState';
import { useUser } from './api';
import { renderApp, serveApi } from '../../test/render';
import { loadAccountTexts } from '../../i18n';

// The dialog loads its texts with it (features/account/index.ts).
beforeAll(() => loadAccountTexts());

afterEach(() => vi.unstubAllGlobals());

function OpenLogin() {
  const { showLogin } = useApp();
  const { user } = useUser();
  return (
    <>
      {showLogin ? <LoginModal /> : <p>closed</p>}
      {user && <p>signed in as {user.name}</p>}
    </>
  );
}

function LoginHarness() {
  const { setShowLogin } = useApp();
  return (
    <>
      <button type="button" onClick={() => setShowLogin(true)}>
        open
      </button>
      <OpenLogin />
    </>
  );
}

describe('LoginModal', () => {
  it('switches between login and sign-up', async () => {
    serveApi({});
    renderApp(<LoginHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = screen.getByRole('dialog');
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create one here' }));
    expect(screen.getByLabelText('Full Name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in here' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('shows the server message on failure and merges the guest cart on success', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 2 }));
    let attempts = 0;
    const calls = serveApi({
      'POST /api/user/login': () =>
        ++attempts === 1
          ? { status: 401, json: { success: false, message: 'Invalid email or password' } }
          : { json: { success: true, user: { _id: 'u1', name: 'Sita', email: 's@example.com', cartItems: { rice: 1 } } } },
      'POST /api/cart/update': () => ({ json: { success: true, message: 'Cart Updated' } }),
    });
    renderApp(<LoginHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.type(screen.getByLabelText('Email'), 's@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('signed in as Sita')).toBeInTheDocument();
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/cart/update')?.body).toEqual({ cartItems: { rice: 3 } }));
    expect(localStorage.getItem('haat.guestCart')).toBeNull();
  });

  it('shows why the server refuses a sign-up password, and keeps the form open', async () => {
    serveApi({
      'POST /api/user/register': () => ({ status: 400, json: { success: false, message: 'This password is too common; choose another' } }),
    });
    renderApp(<LoginHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create one here' }));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Sita');
    await userEvent.type(screen.getByLabelText('Email'), 's@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Password1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('This password is too common; choose another')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('signs in by phone: number, code shown in development, a wrong code, the right one, then a name for the new account', async () => {
    localStorage.setItem('haat.guestCart', JSON.stringify({ rice: 2 }));
    let tries = 0;
    const calls = serveApi({
      'POST /api/user/otp/send': (body) =>
        (body as { phone: string }).phone === '12345'
          ? { status: 400, json: { success: false, message: 'Enter a 10-digit mobile number starting with 97 or 98' } }
          : { json: { success: true, message: 'Code sent', phone: '9812345678', resendIn: 60, devCode: '123456' } },
      'POST /api/user/otp/verify': () =>
        ++tries === 1
          ? { status: 400, json: { success: false, message: 'Wrong code; 4 tries left' } }
          : { json: { success: true, message: 'Account Created', newAccount: true, user: { _id: 'u2', name: '', email: '', phone: '9812345678', cartItems: {} } } },
      'POST /api/user/name': () => ({ json: { success: true, message: 'Name saved', user: { _id: 'u2', name: 'Hari', email: '', phone: '9812345678', cartItems: {} } } }),
      'POST /api/cart/update': () => ({ json: { success: true, message: 'Cart Updated' } }),
    });
    renderApp(<LoginHarness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use phone number instead' }));
    const number = screen.getByLabelText('Mobile number');
    expect(number).toHaveFocus();
    expect(number).toHaveAttribute('type', 'tel');
    await userEvent.type(number, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a 10-digit mobile number starting with 97 or 98');

    await userEvent.clear(number);
    await userEvent.type(number, '+977 981-234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code to 9812345678.')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'POST /api/user/otp/send').at(-1)?.body).toEqual({ phone: '+977 981-234-5678' });
    expect(screen.getByText('Development: your code is 123456')).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: /Send a new code in 60 s/ })).toBeDisabled();
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn).toBeDisabled();

    await userEvent.type(code, '12a34x55');
    expect(code).toHaveValue('123455');
    // Asking for a code tells nothing of the account: the name is asked after the code.
    expect(screen.queryByLabelText('Your name (optional)')).not.toBeInTheDocument();
    await userEvent.click(signIn);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code; 4 tries left');
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const name = await screen.findByLabelText('Your name (optional)');
    expect(name).toHaveFocus();
    expect(calls.filter((c) => c.key === 'POST /api/user/otp/verify').at(-1)?.body).toEqual({ phone: '9812345678', code: '123456' });
    expect(screen.getByRole('button', { name: 'Continue without a name' })).toBeEnabled();
    // Signed in already: no other way in is offered beside the name.
    expect(screen.queryByRole('button', { name: 'Use email instead' })).not.toBeInTheDocument();
    await userEvent.type(name, 'Hari');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('signed in as Hari')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/user/name')?.body).toEqual({ name: 'Hari' });
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/cart/update')?.body).toEqual({ cartItems: { rice: 2 } }));
    expect(screen.getByText('closed')).toBeInTheDocument();
  });

  it('offers a new code when the countdown ends, and no development code without one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = serveApi({
        'POST /api/user/otp/send': () => ({ json: { success: true, message: 'Code sent', phone: '9812345678', resendIn: 2 } }),
      });
      renderApp(<LoginHarness />);
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
      await user.click(screen.getByRole('button', { name: 'open' }));
      await user.click(screen.getByRole('button', { name: 'Use phone number instead' }));
      await user.type(screen.getByLabelText('Mobile number'), '9812345678');
      await user.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByRole('button', { name: 'Send a new code in 2 s' })).toBeDisabled();
      expect(screen.queryByText(/Development:/)).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Your name (optional)')).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(2100);
      const resend = await screen.findByRole('button', { name: 'Send a new code' });
      expect(resend).toBeEnabled();
      await user.click(resend);
      await waitFor(() => expect(calls.filter((c) => c.key === 'POST /api/user/otp/send')).toHaveLength(2));
      // Back to email, as the spec's login.
      await user.click(screen.getByRole('button', { name: 'Use email instead' }));
      expect(screen.getByLabelText('Email')).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });
});
