import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginModal from './LoginModal';
import { useApp } from '../../app/context';
import { useUser } from './api';
import { renderApp, serveApi } from '../../test/render';

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
});
