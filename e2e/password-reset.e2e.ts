import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, screenshotsAtWidths, signIn, submitLogin } from './browser';
import { DEMO_PASSWORD } from './harness';
import { mailedLink, useMailingJourney } from './mail-server';

const NEW_PASSWORD = 'Frisch-Gesetzt-2026!';

describe('a participant resets a forgotten password through the mailed link', () => {
  const { server, browser, smtp } = useMailingJourney();

  it('mails a link that sets a new password once; the old password no longer works', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    await expect.poll(() => heading(page).textContent()).toBe('Passwort vergessen');
    await expectAccessible(page, 'forgot password');
    await page.locator('input[name="emailOrUsername"]').fill('participant@demo.example');
    await page.getByRole('button', { name: 'Link senden' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('participant@demo.example');
    await screenshot(page, 'forgot-password-de');

    const link = await mailedLink(smtp, 'participant@demo.example', 'reset-password');
    // The demo client's platform domain is localhost: the link names it and this server's port, nothing else.
    expect(new URL(link).hostname).toBe('localhost');
    expect(new URL(link).port).toBe(String(server.port));

    await page.goto(link);
    await expect.poll(() => heading(page).textContent()).toBe('Passwort zurücksetzen');
    await expectAccessible(page, 'reset password');
    await page.locator('input[name="newPassword"]').fill(NEW_PASSWORD);
    await page.locator('input[name="newPasswordRepeat"]').fill(NEW_PASSWORD);
    await screenshot(page, 'reset-password-de');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.waitForURL(server.url('/'));
    await expect.poll(() => heading(page).textContent()).toContain('Paula Participant');
    await context.close();

    // The old password is refused, the new one works.
    const second = await openPage(browser);
    await second.page.goto(server.url('/login'));
    await submitLogin(second.page, 'participant@demo.example', DEMO_PASSWORD);
    await expect.poll(() => second.page.getByRole('alert').first().textContent()).toContain('falsches Passwort');
    await submitLogin(second.page, 'participant@demo.example', NEW_PASSWORD);
    await second.page.waitForURL(server.url('/'));

    // The link cannot be used a second time, and says so: used, not expired (issue 32 point 15).
    await second.page.goto(link);
    const used = second.page.getByRole('status').filter({ hasText: 'Link bereits verwendet' });
    await used.waitFor();
    expect(await used.textContent()).not.toContain('abgelaufen');
    expect(await used.getByRole('link', { name: 'Zur Anmeldung' }).count()).toBe(1);
    await expectAccessible(second.page, 'used link');
    await screenshot(second.page, 'reset-link-used-de');
    await second.context.close();
  });

  it("shows a reset mail the mail server refused on the user's record for the admin, in German and English", async () => {
    // The forgot-password page says the same for every address; the failure shows where an admin looks after the user.
    smtp.onRecipient = (address) =>
      address === 'coordinator@demo.example'
        ? Object.assign(new Error('5.1.1 mailbox unknown'), { responseCode: 550 })
        : null;
    const anon = await fetch(server.url('/api/user/password-reset'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: 'coordinator@demo.example', locale: 'de-DE' }),
    });
    expect(anon.status).toBe(200);
    for (const [locale, search, texts] of [
      ['de-DE', 'Suche', { opened: 'Zurücksetzen des Passworts', shot: 'user-mail-failure-de' }],
      [
        'en-US',
        'Search',
        { opened: 'password reset mail to this address could not be delivered', shot: 'user-mail-failure-en' },
      ],
    ] as const) {
      // The admin's own language applies after sign-in.
      await server.db.run('UPDATE users SET locale = ? WHERE email = ?', [locale, 'admin@demo.example']);
      const { context, page } = await openPage(browser, { locale });
      await signIn(page, server, 'admin@demo.example');
      await page.goto(server.url('/coordination/users'));
      await page.getByRole('searchbox', { name: search }).fill('Conrad');
      await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
      const alert = page.getByTestId('account-mail-failure');
      // The worker tries the mail once; a 550 fails it for good.
      await expect
        .poll(
          async () => {
            await page
              .getByRole('button', { name: /Coordinator/ })
              .first()
              .click();
            const shown = await alert.isVisible();
            if (!shown) await page.keyboard.press('Escape');
            return shown;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(true);
      expect(await alert.textContent()).toContain(texts.opened);
      expect(await alert.textContent()).toContain('mailbox unknown');
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      await expectAccessible(page, 'user drawer with a failed reset mail');
      await screenshotsAtWidths(page, texts.shot);
      await context.close();
    }
    await server.db.run('UPDATE users SET locale = ? WHERE email = ?', ['de-DE', 'admin@demo.example']);
    smtp.onRecipient = () => null;
  });

  it('sends a forgot-username request to support, in English too', async () => {
    const { context, page } = await openPage(browser, { locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lms.locale', 'en-US'));
    await page.goto(server.url('/reset-password?forgot=username'));
    await expect.poll(() => heading(page).textContent()).toBe('Forgot username');
    await expectAccessible(page, 'forgot username');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.getByText('You must give your full name.').count()).toBeGreaterThan(0);
    await page.locator('input[name="name"]').fill('Paula Participant');
    await page.locator('input[name="email"]').fill('paula@example.test');
    await page.locator('input[name="subject"]').fill('Username');
    await page.locator('textarea[name="message"]').fill('I forgot my username.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('sent to support');
    await screenshot(page, 'forgot-username-en');
    const mails = await smtp.waitForMessages(2, 30_000);
    expect(mails.some((m) => m.text?.includes('I forgot my username.'))).toBe(true);
    await context.close();
  });
});
