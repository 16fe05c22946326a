import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStore, serveApi } from '../../test/render';
import type { User } from '../../lib/contract';
import { setLanguage } from '../../i18n';

afterEach(() => vi.unstubAllGlobals());

const sita: User = { _id: 'u1', name: 'Sita Gurung', email: 'sita@example.com', cartItems: {}, cartVersion: 0, hasPassword: true, notifications: { orders: true, backInStock: true, newsletter: false } };
const hari: User = { _id: 'u2', name: 'Hari Thapa', email: '', phone: '9812345678', cartItems: {}, cartVersion: 0, hasPassword: false, notifications: { orders: true, backInStock: true, newsletter: false } };
const session = (user: User | null) => () => ({ json: { success: true, user } });

describe('account page', () => {
  it('shows the profile and is reached from the profile menu, between Sell Products and Log Out', async () => {
    serveApi({ 'GET /api/user/session': session(sita) });
    renderStore('/account');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByLabelText('Full name')).toHaveValue('Sita Gurung');
    expect(within(profile).getByTestId('account-email')).toHaveTextContent('sita@example.com');
    expect(within(profile).getByTestId('account-phone')).toHaveTextContent('No number yet');
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute('href', '/api/user/export');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['My Orders', 'Sell Products', 'My Account', 'Log Out']);
    expect(screen.getByRole('menuitem', { name: 'My Account' })).toHaveAttribute('href', '/account');
  });

  it('shows the store credit balance and its ledger, newest first, each with its reason and order', async () => {
    serveApi({
      'GET /api/user/session': session(sita),
      'GET /api/user/credit': () => ({
        json: {
          success: true,
          balance: 50,
          entries: [
            { _id: 'c2', amount: -100, reason: 'spent', orderId: 'o2', orderNumber: 10483, at: '2026-11-22T04:20:00Z' },
            { _id: 'c1', amount: 150, reason: 'goodwill', orderId: 'o1', orderNumber: 10482, note: 'Sorry for the late delivery', at: '2026-11-21T04:20:00Z' },
          ],
        },
      }),
    });
    renderStore('/account');
    const credit = await screen.findByRole('region', { name: 'Store credit' });
    await waitFor(() => expect(within(credit).getByTestId('credit-balance')).toHaveTextContent('$50'));
    const [spent, given] = within(credit).getAllByRole('listitem');
    expect(spent).toHaveTextContent('Used for an order');
    expect(spent).toHaveTextContent('Order #10483');
    expect(spent).toHaveTextContent('−$100');
    expect(given).toHaveTextContent('From the store');
    expect(given).toHaveTextContent('Sorry for the late delivery');
    expect(given).toHaveTextContent('+$150');
  });

  it('says when there is no store credit yet', async () => {
    serveApi({ 'GET /api/user/session': session(sita), 'GET /api/user/credit': () => ({ json: { success: true, balance: 0, entries: [] } }) });
    renderStore('/account');
    const credit = await screen.findByRole('region', { name: 'Store credit' });
    expect(await within(credit).findByText('No store credit yet.')).toBeInTheDocument();
  });

  it('turns each kind of message on and off, keeping what the server answers', async () => {
    const calls = serveApi({
      'GET /api/user/session': session(sita),
      'POST /api/user/notifications': (body) => ({
        json: { success: true, message: 'Choices saved', notifications: { ...sita.notifications, ...(body as object) } },
      }),
    });
    renderStore('/account');
    const messages = await screen.findByRole('region', { name: 'Messages from the store' });
    const stock = within(messages).getByRole('checkbox', { name: /Back in stock/ });
    const news = within(messages).getByRole('checkbox', { name: /News and offers/ });
    expect(within(messages).getByRole('checkbox', { name: /My orders/ })).toBeChecked();
    expect(within(messages).getByText(/An e-mail when an order is placed/)).toBeInTheDocument();
    expect(stock).toBeChecked();
    expect(news).not.toBeChecked();
    await userEvent.click(stock);
    await waitFor(() => expect(stock).not.toBeChecked());
    await userEvent.click(news);
    await waitFor(() => expect(news).toBeChecked());
    // Each save shows its toast for 3 s: on a slow machine the first may be gone by now, so the
    // check is that one is showing, made in one step.
    await waitFor(() => expect(screen.queryAllByText('Choices saved')).not.toHaveLength(0));
    expect(calls.filter((c) => c.key === 'POST /api/user/notifications').map((c) => c.body)).toEqual([{ backInStock: false }, { newsletter: true }]);
  });

  it('asks a guest to sign in', async () => {
    serveApi({});
    renderStore('/account');
    expect(await screen.findByText('Sign in to see your account.')).toBeInTheDocument();
  });

  it('changes the password with the current one and shows what the server refuses', async () => {
    let tries = 0;
    const calls = serveApi({
      'GET /api/user/session': session(sita),
      'POST /api/user/password': () =>
        ++tries === 1
          ? { status: 400, json: { success: false, message: 'This password is too common; choose another' } }
          : { json: { success: true, message: 'Password changed; you are signed out everywhere else' } },
    });
    renderStore('/account');
    const section = await screen.findByRole('region', { name: 'Password' });
    await userEvent.type(within(section).getByLabelText('Current password'), 'namaste-123');
    await userEvent.type(within(section).getByLabelText('New password'), 'password');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('This password is too common; choose another');
    await userEvent.clear(within(section).getByLabelText('New password'));
    await userEvent.type(within(section).getByLabelText('New password'), 'a-new-passw0rd');
    await userEvent.click(within(section).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(section).getByLabelText('New password')).toHaveValue(''));
    expect(calls.filter((c) => c.key === 'POST /api/user/password').map((c) => c.body)).toEqual([
      { current: 'namaste-123', password: 'password' },
      { current: 'namaste-123', password: 'a-new-passw0rd' },
    ]);
  });

  it('lets an account made by phone set a password without a current one, and close with a texted code', async () => {
    const calls = serveApi({
      'GET /api/user/session': session(hari),
      'POST /api/user/otp/send': () => ({ json: { success: true, phone: '9812345678', resendIn: 60, devCode: '123456' } }),
      'POST /api/user/delete': () => ({ json: { success: true, message: 'Your account is closed' } }),
    });
    renderStore('/account');
    const password = await screen.findByRole('region', { name: 'Password' });
    expect(within(password).queryByLabelText('Current password')).toBeNull();
    expect(within(password).getByRole('button', { name: 'Set password' })).toBeInTheDocument();

    const close = screen.getByRole('region', { name: 'Close account' });
    expect(within(close).getByRole('button', { name: 'Close my account' })).toBeDisabled();
    await userEvent.click(within(close).getByRole('button', { name: 'Text me a code' }));
    await userEvent.type(await within(close).findByLabelText('6-digit code'), '123456');
    await userEvent.click(within(close).getByRole('button', { name: 'Close my account' }));
    await userEvent.click(within(close).getByRole('button', { name: 'Yes, close it' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/user/delete')).toBe(true));
    expect(calls.find((c) => c.key === 'POST /api/user/otp/send')?.body).toEqual({ phone: '9812345678' });
    expect(calls.find((c) => c.key === 'POST /api/user/delete')?.body).toEqual({ code: '123456' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
  });

  it('says why an account cannot close while an order is on its way, and stays signed in', async () => {
    serveApi({
      'GET /api/user/session': session(sita),
      'POST /api/user/delete': () => ({
        status: 409,
        json: { success: false, message: 'You have an order on its way; you can close your account once it is delivered or cancelled' },
      }),
    });
    renderStore('/account');
    const close = await screen.findByRole('region', { name: 'Close account' });
    await userEvent.type(within(close).getByLabelText('Your password'), 'namaste-123');
    await userEvent.click(within(close).getByRole('button', { name: 'Close my account' }));
    await userEvent.click(within(close).getByRole('button', { name: 'Yes, close it' }));
    expect(await within(close).findByRole('alert')).toHaveTextContent('You have an order on its way');
    expect(screen.getByRole('region', { name: 'Profile' })).toBeInTheDocument();
  });

  it('closes an account that holds store credit only once the shopper gives the credit up', async () => {
    const calls = serveApi({
      'GET /api/user/session': session(sita),
      'GET /api/user/credit': () => ({ json: { success: true, balance: 12.5, entries: [] } }),
      'POST /api/user/delete': () => ({ json: { success: true, message: 'Your account is closed' } }),
    });
    renderStore('/account');
    const close = await screen.findByRole('region', { name: 'Close account' });
    await userEvent.type(within(close).getByLabelText('Your password'), 'namaste-123');
    const giveUp = await within(close).findByRole('checkbox', { name: /I give up my store credit of \$12\.50?/ });
    expect(within(close).getByRole('button', { name: 'Close my account' })).toBeDisabled();
    await userEvent.click(giveUp);
    await userEvent.click(within(close).getByRole('button', { name: 'Close my account' }));
    await userEvent.click(within(close).getByRole('button', { name: 'Yes, close it' }));
    await waitFor(() => expect(calls.find((c) => c.key === 'POST /api/user/delete')?.body).toEqual({ password: 'namaste-123', giveUpCredit: true }));
  });

  it('changes the number with a code texted to the new one', async () => {
    const calls = serveApi({
      'GET /api/user/session': session(sita),
      'POST /api/user/otp/send': () => ({ json: { success: true, phone: '9801111111', resendIn: 60 } }),
      'POST /api/user/phone': () => ({ json: { success: true, message: 'Phone number saved', user: { ...sita, phone: '9801111111' } } }),
    });
    renderStore('/account');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    await userEvent.click(within(profile).getByRole('button', { name: 'Add number' }));
    await userEvent.type(within(profile).getByLabelText('New mobile number'), '980-111-1111');
    await userEvent.click(within(profile).getByRole('button', { name: 'Text me a code' }));
    expect(await within(profile).findByText('We texted a 6-digit code to 9801111111.')).toBeInTheDocument();
    await userEvent.type(within(profile).getByLabelText('6-digit code'), '654321');
    await userEvent.click(within(profile).getByRole('button', { name: 'Save number' }));
    await waitFor(() => expect(within(profile).getByTestId('account-phone')).toHaveTextContent('9801111111'));
    expect(calls.find((c) => c.key === 'POST /api/user/phone')?.body).toEqual({ phone: '9801111111', code: '654321' });
  });

  it('is written in Nepali', async () => {
    await setLanguage('ne');
    try {
      serveApi({ 'GET /api/user/session': session(sita) });
      renderStore('/account');
      expect(await screen.findByRole('heading', { level: 1, name: 'मेरो खाता' })).toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'खाता बन्द' })).toHaveTextContent('५ वर्ष');
      expect(screen.getByRole('button', { name: 'सबै ठाउँबाट लगआउट' })).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });
});
