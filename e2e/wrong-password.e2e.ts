import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, submitLogin } from './browser';
import { useJourney } from './journey';

describe('a wrong password shows its message (spec section 8)', () => {
  const { server, browser } = useJourney();

  it('says "wrong username or password or not activated" and stays on the login page without a token', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await submitLogin(page, 'participant@demo.example', 'Not-the-password-1');
    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toContain('Falscher Benutzername oder falsches Passwort, oder das Konto ist noch nicht aktiviert.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeUndefined();
    await expectAccessible(page, 'login with wrong password');
    await screenshot(page, 'login-wrong-password-de');

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Log in');
    await submitLogin(page, 'nobody@demo.example', 'Not-the-password-1');
    await expect
      .poll(() => alert.textContent())
      .toContain('Wrong username or password, or the account is not activated yet.');
    await screenshot(page, 'login-wrong-password-en');
    await context.close();
  });

  it('says the login is locked after ten failures in a row, even with the right password', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    for (let i = 0; i < 10; i++) {
      const res = await page.request.post(server.url('/api/user/login'), {
        data: { emailOrUsername: 'coordinator@demo.example', password: `wrong-${i}` },
      });
      expect(res.status()).toBe(401);
    }
    await submitLogin(page, 'coordinator@demo.example');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Die Anmeldung ist nach zu vielen Fehlversuchen gesperrt.');
    await screenshot(page, 'login-locked-de');
    await context.close();
  });

  it('shows the network notice when the server cannot be reached', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await page.route('**/api/user/login', (route) => route.abort('connectionrefused'));
    await submitLogin(page, 'participant@demo.example');
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 })
      .toContain('Der Server ist nicht erreichbar.');
    await context.close();
  });
});
