import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { startOwnStore, uniqueEmail } from './helpers';

// A forgotten password is reset with the code the store sends by e-mail: a store of the test's own
// writes to a real mail server (smtp-server, on this machine), and the code is read from the mail it
// received, as a shopper reads it.

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** MailServer is a mail server on this machine that keeps every mail it receives, as sent. */
interface MailServer {
  port: number;
  mails: string[];
  close: () => Promise<void>;
}

async function mailServer(): Promise<MailServer> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const parts: Buffer[] = [];
      stream.on('data', (b: Buffer) => parts.push(b));
      stream.on('end', () => {
        mails.push(Buffer.concat(parts).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * resetCode is the code of the reset mail sent to email: the mail is quoted-printable, so its soft
 * line breaks are joined first; the code is the six digits after "is".
 */
function resetCode(mails: string[], email: string): string | undefined {
  const mail = mails.find((m) => m.includes(`To: ${email}`) || m.includes(`<${email}>`));
  return mail?.replace(/=\r?\n/g, '').match(/new password is (\d{6})\b/)?.[1];
}

/** openLogin opens the login dialog from the phone's menu. */
async function openLogin(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  return page.getByRole('dialog');
}

test('a shopper who forgot the password sets a new one with the code from the e-mail', async ({ page }) => {
  const mail = await mailServer();
  const store = await startOwnStore('reset', { HAAT_SMTP_URL: `smtp://127.0.0.1:${mail.port}`, HAAT_MAIL_FROM: 'Haat <orders@haat.example>' });
  try {
    const email = uniqueEmail('reset');
    const signUp = await fetch(`${store.base}/api/user/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Binita Shrestha', email, password: 'first-passw0rd' }),
    });
    expect(signUp.ok).toBe(true);

    await page.goto(`${store.base}/home`);
    let dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await dialog.getByLabel('Email or mobile number').fill(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText(`If an account has ${email}, we sent it a 6-digit code`)).toBeVisible();

    // The mail arrives at the mail server; a wrong code is refused and counted, the right one sets the password.
    await expect.poll(() => resetCode(mail.mails, email), { timeout: 15_000 }).toMatch(/^\d{6}$/);
    const code = resetCode(mail.mails, email)!;
    const wrong = code === '000000' ? '111111' : '000000';
    await dialog.getByLabel('6-digit code').fill(wrong);
    await dialog.getByLabel('New password').fill('second-passw0rd');
    await dialog.getByRole('button', { name: 'Set new password' }).click();
    await expect(dialog.getByRole('alert')).toContainText('tries left');
    await dialog.getByLabel('6-digit code').fill(code);
    await dialog.getByRole('button', { name: 'Set new password' }).click();

    // Back on sign-in with the e-mail filled in: the old password no longer works, the new one does.
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await dialog.getByLabel('Password').fill('first-passw0rd');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await dialog.getByLabel('Password').fill('second-passw0rd');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog).toBeHidden();
    await page.goto(`${store.base}/account`);
    await expect(page.getByTestId('account-email')).toHaveText(email);

    // The code is used up: a second try with it is refused.
    const again = await fetch(`${store.base}/api/user/password/reset/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, code, password: 'third-passw0rd' }),
    });
    expect(again.status).toBe(400);
    dialog = page.getByRole('dialog');
    await expect(dialog).toBeHidden();
  } finally {
    store.stop();
    await mail.close();
  }
});
