import { describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, signIn, submitLogin } from './browser';
import { deleteSessionsOf } from './database';
import { useJourney } from './journey';

describe('an expired session (ARCHITECTURE section 5)', () => {
  const { server, browser } = useJourney();

  it('shows "Session expired" on the next load, then login returns to the wanted path', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'coordinator@demo.example');
    await page.goto(server.url('/coordination/groups?page=2'));
    // Wait until the app has asked who is signed in, or the deletion races that first call.
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    await deleteSessionsOf(server.db, 'coordinator@demo.example');

    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Sitzung abgelaufen' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.cookies()).find((c) => c.name === 'auth')).toBeUndefined();
    await expectAccessible(page, 'session expired dialog');
    await screenshot(page, 'session-expired-de');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await submitLogin(page, 'coordinator@demo.example');
    await page.waitForURL(server.url('/coordination/groups?page=2'));
    await context.close();
  });

  it('shows it when a call of the running app answers 401', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, server, 'participant@demo.example');
    await expect.poll(() => heading(page).textContent()).toBe('Willkommen, Paula Participant');
    await deleteSessionsOf(server.db, 'participant@demo.example');

    // Saving the language is an API call; its 401 opens the dialog and ends the local session.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    await dialog.waitFor();
    await page.waitForURL(server.url('/login'));
    await screenshot(page, 'session-expired-en');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await submitLogin(page, 'participant@demo.example');
    await page.waitForURL(server.url('/'));
    await context.close();
  });
});
