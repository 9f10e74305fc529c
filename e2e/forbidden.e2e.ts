import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, signIn, switchLanguage } from './browser';
import { resetLocales, setRole } from './database';
import { useJourney } from './journey';

describe('a participant opening a coordinator route (PERMISSIONS.md "Routes")', () => {
  const { server, browser } = useJourney();
  beforeEach(async () => {
    await resetLocales(server.db);
  });

  it('sees the "Authorization error" dialog, whose OK goes home', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    await page.goto(server.url('/coordination/users'));
    const dialog = page.getByRole('dialog', { name: 'Berechtigungsfehler' });
    await dialog.waitFor();
    await expectAccessible(page, 'authorization error dialog');
    await screenshot(page, 'forbidden-de');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(server.url('/'));
    await expect.poll(() => heading(page).textContent()).toBe('Willkommen, Paula Participant');

    await switchLanguage(page, 'en-US');
    await page.goto(server.url('/content/courses'));
    await page.getByRole('dialog', { name: 'Authorization error' }).waitFor();
    await screenshot(page, 'forbidden-en');
    await context.close();
  });

  it('sees the dialog when the server answers 403 to a call of the running app, and OK goes home', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url('/coordination/users'));
    const search = page.getByRole('searchbox', { name: 'Suche' });
    await search.waitFor();
    // The coordinator loses the role while the screen is open: the next list call is refused by the server's guard.
    await setRole(server.db, 'coordinator@demo.example', 'PARTICIPANT');
    try {
      const refused = page.waitForResponse((r) => r.url().includes('/api/users') && r.status() === 403);
      await search.fill('paula');
      await refused;
      const dialog = page.getByRole('dialog', { name: 'Berechtigungsfehler' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.waitForURL(server.url('/'));
    } finally {
      await setRole(server.db, 'coordinator@demo.example', 'COORDINATOR');
    }
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    await page.goto(server.url('/no/such/page'));
    await expect.poll(() => heading(page).textContent()).toBe('Seite nicht gefunden');
    await expectAccessible(page, 'not found');
    await screenshot(page, 'not-found-de');
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Page not found');
    await screenshot(page, 'not-found-en');
    await context.close();
  });
});
