import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, heading, openPage, screenshot, submitLogin } from './browser';
import { requirePasswordChange } from './database';
import { DEMO_PASSWORD } from './harness';
import { useJourney } from './journey';

const checklistItem = (page: Page, rule: string) => page.locator(`[data-rule="${rule}"]`);

describe('a forced password change (spec sections 2 and 5)', () => {
  const { server, browser } = useJourney();
  beforeAll(async () => {
    await requirePasswordChange(server.db, 'participant@demo.example');
  });

  it('sends the user to the change page, checks the rules live, and then lets them in', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/?from=mail'));
    await page.waitForURL(server.url('/login'));
    await submitLogin(page, 'participant@demo.example');
    await page.waitForURL(server.url('/password-change-required'));
    await expect.poll(() => heading(page).textContent()).toBe('Passwort ändern');

    // Every other page redirects back here, except logout, privacy policy and imprint.
    await page.goto(server.url('/documents'));
    await page.waitForURL(server.url('/password-change-required'));
    await page.goto(server.url('/client/imprint'));
    await expect.poll(() => heading(page).textContent()).toBe('Impressum');
    expect(new URL(page.url()).pathname).toBe('/client/imprint');
    await page.goto(server.url('/password-change-required'));

    const newPassword = page.locator('input[name="newPassword"]');
    const checklist = page.getByRole('group', { name: 'Anforderungen an das Passwort' });
    await expect.poll(() => checklist.textContent()).toContain('8 bis 64 Zeichen');
    await newPassword.fill('abc');
    await expect.poll(() => checklistItem(page, 'length').getAttribute('data-met')).toBe('false');
    await expect.poll(() => checklistItem(page, 'lowercase').getAttribute('data-met')).toBe('true');
    await newPassword.fill('Neues-Passwort-2024');
    await expect.poll(() => checklistItem(page, 'length').getAttribute('data-met')).toBe('true');
    await expect.poll(() => checklistItem(page, 'criteria').getAttribute('data-met')).toBe('true');
    await expect.poll(() => checklistItem(page, 'repeat').getAttribute('data-met')).toBe('false');
    await page.locator('input[name="newPasswordRepeat"]').fill('Neues-Passwort-2024');
    await expect.poll(() => checklistItem(page, 'repeat').getAttribute('data-met')).toBe('true');
    await expectAccessible(page, 'password change required');
    await screenshot(page, 'password-change-de');

    // The server's answer for a wrong current password is shown translated.
    await page.locator('input[name="currentPassword"]').fill('Wrong-Current-1');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Das aktuelle Passwort ist falsch.');

    await page.locator('input[name="currentPassword"]').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.waitForURL(server.url('/?from=mail'));
    await expect.poll(() => heading(page).textContent()).toBe('Willkommen, Paula Participant');
    const rows = await server.db.all<{ flag: number | boolean }>(
      'SELECT is_password_change_required AS flag FROM users WHERE email_normalized = ?',
      ['participant@demo.example'],
    );
    expect(Boolean(rows[0]?.flag)).toBe(false);
    await context.close();
  });

  it('shows the checklist in English', async () => {
    await requirePasswordChange(server.db, 'coordinator@demo.example');
    const { context, page } = await openPage(browser);
    await page.goto(server.url('/login'));
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await submitLogin(page, 'coordinator@demo.example');
    await page.waitForURL(server.url('/password-change-required'));
    // The user's own locale (de-DE) applies after login; switch back to English for the English screenshot.
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en-US');
    await expect.poll(() => heading(page).textContent()).toBe('Change password');
    await page.locator('input[name="newPassword"]').fill('short1A');
    await expectAccessible(page, 'password change required, English');
    await screenshot(page, 'password-change-en');
    await context.close();
  });
});
