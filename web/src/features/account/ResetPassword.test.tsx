import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LoginModal from './LoginModal';
import { resetTarget } from './ResetPassword';
import { renderApp, serveApi } from '../../test/render';
import { loadAccountTexts } from '../../i18n';

// The dialog loads its texts with it (features/account/index.ts).
beforeAll(() => loadAccountTexts());

afterEach(() => vi.unstubAllGlobals());

describe('forgotten password', () => {
  it('reads an address with an @ as an e-mail and anything else as a number', () => {
    expect(resetTarget(' sita@example.com ')).toEqual({ email: 'sita@example.com' });
    expect(resetTarget('981-234-5678')).toEqual({ phone: '981-234-5678' });
  });

  it('asks for a code, sets the new password with it, and goes back to sign in with the e-mail filled in', async () => {
    let tries = 0;
    const calls = serveApi({
      'POST /api/user/password/reset': () => ({ json: { success: true, message: 'If an account has this address, we sent it a code', resendIn: 60 } }),
      'POST /api/user/password/reset/confirm': () =>
        ++tries === 1
          ? { status: 400, json: { success: false, message: 'Wrong code; 4 tries left' } }
          : { json: { success: true, message: 'Password changed; sign in with your new password' } },
    });
    renderApp(<LoginModal />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Reset Password');
    await userEvent.type(within(dialog).getByLabelText('Email or mobile number'), 'sita@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/If an account has sita@example.com, we sent it a 6-digit code/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('6-digit code'), '000000');
    await userEvent.type(within(dialog).getByLabelText('New password'), 'a-new-passw0rd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong code; 4 tries left');
    await userEvent.clear(within(dialog).getByLabelText('6-digit code'));
    await userEvent.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Email')).toHaveValue('sita@example.com'));
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(calls.filter((c) => c.key.startsWith('POST /api/user/password/reset')).map((c) => c.body)).toEqual([
      { email: 'sita@example.com' },
      { email: 'sita@example.com', code: '000000', password: 'a-new-passw0rd' },
      { email: 'sita@example.com', code: '123456', password: 'a-new-passw0rd' },
    ]);
  });
});
