import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, submitLogin } from './browser';
import { useJourney } from './journey';

const chooseLanguage = (page: Page, current: string, locale: string) =>
  page.getByRole('combobox', { name: current }).selectOption(locale);

describe('switching the language (de-DE default, en-US, fr-FR)', () => {
  const { server, browser } = useJourney();

  it('switches before sign-in and keeps the choice on this device', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await expect.poll(() => heading(page).textContent()).toBe('Anmelden');
    await chooseLanguage(page, 'Sprache', 'en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Log in');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await screenshot(page, 'login-en');
    await chooseLanguage(page, 'Language', 'fr-FR');
    await expect.poll(() => heading(page).textContent()).toBe('Connexion');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    await expectAccessible(page, 'login in French');
    await screenshot(page, 'login-fr');
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Connexion');
    await context.close();
  });

  it("applies the user's locale after login and saves a switch on the server", async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await chooseLanguage(page, 'Sprache', 'fr-FR');
    await submitLogin(page, 'participant@demo.example');
    await page.waitForURL(server.url('/'));
    // The demo user's locale is de-DE: it wins over the device's choice.
    await expect.poll(() => heading(page).textContent()).toBe('Willkommen, Paula Participant');

    await chooseLanguage(page, 'Sprache', 'en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Welcome, Paula Participant');
    await expect
      .poll(
        async () =>
          (
            await server.db.all<{ locale: string }>('SELECT locale FROM users WHERE email_normalized = ?', [
              'participant@demo.example',
            ])
          )[0]?.locale,
      )
      .toBe('en-US');
    await chooseLanguage(page, 'Language', 'fr-FR');
    await expect.poll(() => heading(page).textContent()).toBe('Bienvenue, Paula Participant');
    await expectAccessible(page, 'dashboard in French');
    await screenshot(page, 'dashboard-fr');

    // A new device starts in German, and the saved locale applies at login.
    const other = await openPage(browser);
    await other.page.goto(server.url('/login'));
    await expect.poll(() => heading(other.page).textContent()).toBe('Anmelden');
    await submitLogin(other.page, 'participant@demo.example');
    await expect.poll(() => heading(other.page).textContent()).toBe('Bienvenue, Paula Participant');
    await other.context.close();
    await context.close();
  });
});
