import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, signOutByMenu, submitLogin } from './browser';
import { useJourney } from './journey';

describe('a participant signs in and sees the dashboard', () => {
  const { server, browser } = useJourney();

  it('sends a visitor to the German login page, then to the dashboard with the participant menu', async () => {
    const { context, page } = await openPage(browser);
    const cspViolations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && msg.text().includes('Content Security Policy')) cspViolations.push(msg.text());
    });
    // Records every cookie the app writes, attributes included (document.cookie reads give only name and value).
    await page.addInitScript(() => {
      const w = window as unknown as { cookieWrites: string[] };
      w.cookieWrites = [];
      const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      Object.defineProperty(document, 'cookie', {
        get: () => native.get!.call(document) as string,
        set: (value: string) => {
          w.cookieWrites.push(value);
          native.set!.call(document, value);
        },
      });
    });
    await page.goto(server.url('/'));
    await page.waitForURL(server.url('/login'));
    await expect.poll(() => heading(page).textContent()).toBe('Anmelden');
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    await expectAccessible(page, 'login');
    await screenshot(page, 'login-de');

    await submitLogin(page, 'participant@demo.example');
    await page.waitForURL(server.url('/'));
    await expect.poll(() => heading(page).textContent()).toBe('Willkommen, Paula Participant');
    // Spec section 9: the session cookie "auth", path /, SameSite=Strict, 3650 days. Chromium keeps a cookie at most
    // 400 days (RFC 6265bis), so the stored expiry is that cap; what the app asked for is read where it is written.
    const auth = (await context.cookies()).find((c) => c.name === 'auth');
    expect(auth).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(((auth?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(399);
    const written = await page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
    const expires = /expires=([^;]+)/.exec(written.find((w) => w.startsWith('auth=')) ?? '')?.[1] ?? '';
    expect(Math.round((Date.parse(expires) - Date.now()) / 86_400_000)).toBe(3650);
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    // The demo sells premium, so its entries follow the courses (issue 32 point 14).
    await expect.poll(() => menu.getByRole('link').count()).toBe(8);
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Meine Schulungen',
      'Premium',
      'Meine Rechnungen',
      'Meine Downloads',
      'Nachrichten',
      'Ansprechpersonen',
      'Hilfe',
      'Passwort ändern',
    ]);
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe(
      'mailto:support@demo.example',
    );
    await expect
      .poll(() => footer.getByRole('link').allTextContents())
      .toEqual(['Support', 'Datenschutz', 'Impressum']);
    await expectAccessible(page, 'dashboard');
    await screenshot(page, 'dashboard-de');

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Welcome, Paula Participant');
    await screenshot(page, 'dashboard-en');
    // The production CSP (script-src 'self') holds for everything the shell does.
    expect(cspViolations).toEqual([]);
    await context.close();
  });

  it('shows coordination and administration to an admin, by the permission table', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await submitLogin(page, 'admin@demo.example');
    await page.waitForURL(server.url('/'));
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect
      .poll(() => menu.getByRole('button').allTextContents())
      .toEqual(['Koordination', 'Berichte', 'Administration']);
    await expect.poll(() => menu.getByRole('link', { name: 'Mandantenübersicht' }).count()).toBe(0);
    await menu.getByRole('button', { name: 'Administration' }).click();
    await expect.poll(() => menu.getByRole('link', { name: 'Kurse', exact: true }).count()).toBe(1);
    await expectAccessible(page, 'dashboard of an admin, menu open');
    await screenshot(page, 'dashboard-admin-de');
    await context.close();
  });

  it('signs out on /logout and lands on the signed-out page', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await submitLogin(page, 'content@demo.example');
    await page.waitForURL(server.url('/'));
    await signOutByMenu(page);
    await page.waitForURL(server.url('/logout'));
    await expect.poll(() => heading(page).textContent()).toBe('Abgemeldet');
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeUndefined();
    await expectAccessible(page, 'logout');
    await screenshot(page, 'logout-de');
    await page.goto(server.url('/'));
    await page.waitForURL(server.url('/login'));
    await context.close();
  });

  it('opens the menu from the burger on a small screen', async () => {
    const { context, page } = await openPage(browser);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(server.url('/login'));
    await submitLogin(page, 'coordinator@demo.example');
    await page.waitForURL(server.url('/'));
    const burger = page.getByRole('button', { name: 'Menü öffnen' });
    await burger.click();
    await page.getByRole('button', { name: 'Menü schließen' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Meine Downloads' })
      .waitFor({ state: 'visible' });
    await expectAccessible(page, 'dashboard on a small screen, menu open');
    await screenshot(page, 'dashboard-mobile-de');
    await context.close();
  });
});
